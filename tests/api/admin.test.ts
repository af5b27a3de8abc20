import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCampaignHit,
  AdminCampaignMove,
  AdminCloseReason,
  AdminDecision,
  AdminEvent,
  AdminQueues,
  AdminSearchResult,
  AuditPage,
} from '~/lib/contracts/admin';
import type { Banner } from '~/lib/contracts/platform';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { mailsTo, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { donated, donationBody } from './support/donations';
import { expectFailureEnvelope } from './support/http';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

const ADMIN_ONLY = 'This page is for Letsema staff only.';
const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Every admin call: a visitor gets 401 and a signed-in non-admin 403 on each one. */
const ADMIN_CALLS: [method: string, path: string, body?: unknown][] = [
  ['GET', '/api/v1/admin/queues'],
  ['GET', '/api/v1/admin/queues/payouts'],
  ['PATCH', `/api/v1/admin/campaigns/${NO_ID}/verification`, { accepted: true }],
  ['PATCH', `/api/v1/admin/organizations/${NO_ID}/verification`, { accepted: true }],
  ['PATCH', `/api/v1/admin/banking-details/${NO_ID}`, { accepted: true }],
  ['PATCH', `/api/v1/admin/payouts/${NO_ID}`, { status: 1 }],
  ['PATCH', `/api/v1/admin/donations/${NO_ID}/eft-received`, { amount: 10 }],
  ['GET', '/api/v1/admin/banner'],
  ['PUT', '/api/v1/admin/banner', { message: 'Hello', isVisible: true }],
  ['GET', '/api/v1/admin/events'],
  ['POST', '/api/v1/admin/events', { name: 'Comrades' }],
  ['PATCH', '/api/v1/admin/events/1', { name: 'Comrades' }],
  ['GET', '/api/v1/admin/close-reasons'],
  ['POST', '/api/v1/admin/close-reasons', { name: 'Done' }],
  ['PATCH', '/api/v1/admin/close-reasons/1', { name: 'Done' }],
  ['GET', '/api/v1/admin/search?kind=users&q=a'],
  ['GET', '/api/v1/admin/search?kind=organisations&q=a'],
  ['PATCH', `/api/v1/admin/campaigns/${NO_ID}`, { featured: true }],
  ['GET', '/api/v1/admin/audit'],
];

let admin: string;
let owner: SignedInAccount;

beforeAll(async () => {
  [admin, owner] = await Promise.all([
    demoToken('nomvula'),
    verifyAndLogin({ firstName: 'Ayanda', lastName: 'Owner' }),
  ]);
});

/** The newest 100 audit entries of `entity` (of one id when given). */
async function auditOf(entity: string, entityId = ''): Promise<AuditPage['items']> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?entity=${entity}&pageSize=100${entityId ? `&entityId=${entityId}` : ''}`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

/** Runs `action` and checks it left exactly one audit entry for the entity, with before and after. */
async function expectOneAuditEntry(
  entity: string,
  entityId: string,
  action: () => Promise<unknown>,
): Promise<AuditPage['items'][number]> {
  const before = await auditOf(entity, entityId);
  await action();
  const after = await auditOf(entity, entityId);
  expect(after.length - before.length).toBe(1);
  const [entry] = after;
  if (!entry) throw new Error('no audit entry');
  expect(entry.actorEmail).toBe('admin@letsema.test');
  expect(entry.after).not.toBeNull();
  expect(entry.at).toMatch(/^\d{4}-/);
  return entry;
}

const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');
const BANKING = {
  accountHolderName: 'Ayanda Owner',
  idType: 1,
  idNumber: '8001015009087',
  accountNumber: '62845190273',
  bankCode: '250655',
  accountType: 0,
};

async function submittedCampaign(): Promise<SavedCampaign> {
  const campaign = await readyCampaign(owner.accessToken);
  const form = formOf(
    { bankingDetails: BANKING },
    [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart<OwnerView>(
    'PATCH',
    `/api/v1/campaigns/${campaign.id}/verification`,
    form,
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(200);
  return campaign;
}

const decide = (kind: string, id: string, body: unknown, token = admin) =>
  send<AdminDecision>('PATCH', `/api/v1/admin/${kind}/${id}`, body, token);

describe('who may use the admin API', () => {
  it('answers 401 to a visitor and 403 to a signed-in user who is not staff, on every call', async () => {
    for (const [method, path, body] of ADMIN_CALLS) {
      const visitor = await send(method, path, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const user = await send(method, path, body, owner.accessToken);
      expect(user.status, `${method} ${path}`).toBe(403);
      expectFailureEnvelope(user.body);
      expect(user.body.meta.message).toBe(ADMIN_ONLY);
    }
  });
});

describe('campaign verification', () => {
  it('waits in the queue, then is accepted with its banking details; the owner is mailed', async () => {
    const campaign = await submittedCampaign();
    const queues = await send<AdminQueues>('GET', '/api/v1/admin/queues?pageSize=50', undefined, admin);
    expect(queues.status, queues.text).toBe(200);
    const waiting = await send<AdminQueues['campaignVerifications']>(
      'GET',
      `/api/v1/admin/queues/campaignVerifications?pageSize=50&pageNo=${Math.max(
        1,
        queues.body.data.campaignVerifications.paginationMetadata.pageCount,
      )}`,
      undefined,
      admin,
    );
    expect(waiting.body.data.items.map((i) => i.id)).toContain(campaign.id);

    const entry = await expectOneAuditEntry('campaign', campaign.id, async () => {
      const res = await decide('campaigns', `${campaign.id}/verification`, { accepted: true });
      expect(res.status, res.text).toBe(200);
      expect(res.body.meta.message).toBe('Verification accepted.');
      expect(res.body.data.bankingDetailId).not.toBeNull();
    });
    expect(entry.before).toMatchObject({ isVerified: false, bankingDetail: { requestStatus: 0 } });
    expect(entry.after).toMatchObject({ isVerified: true, bankingDetail: { requestStatus: 1 } });

    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.isVerified).toBe(true);
    expect(view.bankingDetail).toMatchObject({ requestStatus: 1 });
    const mail = (await mailsTo(owner.email)).find((m) => m.subject.includes('is verified'));
    expect(mail?.text).toContain(`/campaign/${campaign.url}`);

    // Decided: a second decision (another admin at the same time) is refused.
    const again = await decide('campaigns', `${campaign.id}/verification`, { accepted: false, reason: 'No' });
    expect(again.status).toBe(409);
  });

  it('needs a reason to reject, which is saved and mailed to the owner', async () => {
    const campaign = await submittedCampaign();
    const noReason = await decide('campaigns', `${campaign.id}/verification`, {
      accepted: false,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toEqual({ reason: ['Please give a reason.'] });

    const reason = 'The identity document is unreadable; please upload a clearer scan.';
    const res = await decide('campaigns', `${campaign.id}/verification`, { accepted: false, reason });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: false, reason });
    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.isVerified).toBe(false);
    expect(view.bankingDetail).toMatchObject({ requestStatus: 2 });
    const mail = (await mailsTo(owner.email)).find((m) => m.subject.includes('could not be verified'));
    expect(mail?.text).toContain(reason);
  });

  it('refuses a campaign that never asked, and an unknown one', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    expect((await decide('campaigns', `${campaign.id}/verification`, { accepted: true })).status).toBe(400);
    expect((await decide('campaigns', `${NO_ID}/verification`, { accepted: true })).status).toBe(404);
  });
});

describe('organisation verification and banking details', () => {
  let organisation: RegisteredOrganisation;

  async function submitOrganisation(): Promise<void> {
    const form = formOf({
      verification: {
        hasFulltimeStaff: true,
        hasCrowdfundedBefore: false,
        hasUsedEventsBefore: false,
        recievesSupport: false,
        helpRequired: 'Reaching donors.',
        regularNumberOfDonors: 'About 40',
      },
      bankingDetails: { ...BANKING, accountHolderName: 'Qonce Trust', idType: 3, accountType: 2 },
    });
    form.append('legalDocument', new Blob([pdf], { type: 'application/pdf' }), 'npo.pdf');
    const res = await multipart(
      'PATCH',
      `/api/v1/organizations/${organisation.id}/verification`,
      form,
      organisation.owner.accessToken,
    );
    expect(res.status, res.text).toBe(200);
  }

  beforeAll(async () => {
    organisation = await registerOrganisation(`Qonce Admin Trust ${NO_ID.slice(0, 4)}${Date.now()}`);
  });

  it('accepts the organisation: verified, Owners mailed; its banking details wait for their own decision', async () => {
    await submitOrganisation();
    await expectOneAuditEntry('organisation', organisation.id, async () => {
      const res = await decide('organizations', `${organisation.id}/verification`, { accepted: true });
      expect(res.status, res.text).toBe(200);
    });
    const mine = await send<{ isVerified: boolean; bankingDetail: { requestStatus: number } }>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      organisation.owner.accessToken,
    );
    expect(mine.body.data.isVerified).toBe(true);
    expect(mine.body.data.bankingDetail.requestStatus).toBe(0);
    const mail = (await mailsTo(organisation.owner.email)).find((m) => m.subject.includes('is verified'));
    expect(mail).toBeDefined();
  });

  it('rejects banking details from their queue with the reason mailed to who sent them', async () => {
    await submitOrganisation();
    const queue = await send<AdminQueues['bankingDetails']>(
      'GET',
      '/api/v1/admin/queues/bankingDetails?pageSize=50',
      undefined,
      admin,
    );
    expect(queue.status, queue.text).toBe(200);
    const mine = await send<{ bankingDetail: { id: string } }>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      organisation.owner.accessToken,
    );
    const bankingId = mine.body.data.bankingDetail.id;
    const reason = 'The account holder does not match the organisation’s name.';
    await expectOneAuditEntry('banking-details', bankingId, async () => {
      const res = await decide('banking-details', bankingId, { accepted: false, reason });
      expect(res.status, res.text).toBe(200);
    });
    expect((await decide('banking-details', bankingId, { accepted: true })).status).toBe(409);
    const mail = (await mailsTo(organisation.owner.email)).find((m) => m.subject.includes('not accepted'));
    expect(mail?.text).toContain(reason);
  });
});

describe('banner, lookups and campaigns', () => {
  it('gives every banner change a new id, sanitised, shown to visitors', async () => {
    const first = await send<Banner>(
      'PUT',
      '/api/v1/admin/banner',
      { message: 'Maintenance <script>alert(1)</script><b>tonight</b>', isVisible: true },
      admin,
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.message).toBe('Maintenance <b>tonight</b>');
    const entry = await expectOneAuditEntry('banner', '', async () => {
      const second = await send<Banner>(
        'PUT',
        '/api/v1/admin/banner',
        { message: 'Maintenance is done.', isVisible: false },
        admin,
      );
      expect(second.status, second.text).toBe(200);
      expect(second.body.data.id).toBeGreaterThan(first.body.data.id);
    });
    expect(entry.after).toMatchObject({ message: 'Maintenance is done.', isVisible: false });
    const shown = await send<Banner>('GET', '/api/v1/banner');
    expect(shown.body.data).toMatchObject({ message: 'Maintenance is done.', isVisible: false });
  });

  it('adds and changes events and close reasons, one audit entry each', async () => {
    const created = await send<AdminEvent>(
      'POST',
      '/api/v1/admin/events',
      { name: 'Cape Town Marathon 2027', startDate: '2027-10-17', location: 'Cape Town' },
      admin,
    );
    expect(created.status, created.text).toBe(201);
    const event = created.body.data;
    expect(await auditOf('event', String(event.id))).toHaveLength(1);
    const bad = await send('PATCH', `/api/v1/admin/events/${event.id}`, { endDate: '2027-10-01' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ endDate: ['The event cannot end before it starts.'] });
    await expectOneAuditEntry('event', String(event.id), async () => {
      const res = await send<AdminEvent>(
        'PATCH',
        `/api/v1/admin/events/${event.id}`,
        { isActive: false },
        admin,
      );
      expect(res.body.data).toMatchObject({ isActive: false, name: 'Cape Town Marathon 2027' });
    });
    const publicList = await send<{ id: number }[]>('GET', '/api/v1/events/');
    expect(publicList.body.data.map((e) => e.id)).not.toContain(event.id);

    const reason = await send<AdminCloseReason>(
      'POST',
      '/api/v1/admin/close-reasons',
      { name: 'Goal met early' },
      admin,
    );
    expect(reason.status, reason.text).toBe(201);
    await expectOneAuditEntry('close-reason', String(reason.body.data.id), async () => {
      const res = await send(
        'PATCH',
        `/api/v1/admin/close-reasons/${reason.body.data.id}`,
        { name: 'Goal reached' },
        admin,
      );
      expect(res.status, res.text).toBe(200);
    });
  });

  it('hides, features and closes a campaign found by search', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    const found = await send<AdminSearchResult>(
      'GET',
      `/api/v1/admin/search?kind=campaigns&q=${encodeURIComponent(campaign.url)}`,
      undefined,
      admin,
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.kind).toBe('campaigns');
    expect(found.body.data.results.items.map((c) => c.id)).toEqual([campaign.id]);

    const entry = await expectOneAuditEntry('campaign', campaign.id, async () => {
      const res = await send<AdminCampaignHit>(
        'PATCH',
        `/api/v1/admin/campaigns/${campaign.id}`,
        { hidden: true, featured: true },
        admin,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 1, featured: true });
    });
    expect(entry.before).toMatchObject({ status: 0, featured: false });
    expect(entry.after).toMatchObject({ status: 1, featured: true });

    const reasons = await send<AdminCloseReason[]>('GET', '/api/v1/admin/close-reasons', undefined, admin);
    const closeReasonId = reasons.body.data[0]?.id;
    await expectOneAuditEntry('campaign', campaign.id, async () => {
      const res = await send<AdminCampaignHit>(
        'PATCH',
        `/api/v1/admin/campaigns/${campaign.id}`,
        { close: { closeReasonId, note: 'Reported as a duplicate.' } },
        admin,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status).toBe(3);
    });
    const hideClosed = await send(
      'PATCH',
      `/api/v1/admin/campaigns/${campaign.id}`,
      { hidden: false },
      admin,
    );
    expect(hideClosed.status).toBe(400);
  });

  it('finds organisations by name or url, verified or not; a found campaign says where its money goes', async () => {
    const word = uniqueWord();
    const organisation = await registerOrganisation(`Umthombo Water Trust ${word}`);
    const search = (kind: string, q: string) =>
      send<AdminSearchResult>(
        'GET',
        `/api/v1/admin/search?kind=${kind}&q=${encodeURIComponent(q)}`,
        undefined,
        admin,
      );

    const hit = {
      id: organisation.id,
      legalName: organisation.legalName,
      url: organisation.url,
      isVerified: false,
    };
    for (const q of [`UMTHOMBO water trust ${word}`, organisation.url]) {
      const found = await search('organisations', q);
      expect(found.status, found.text).toBe(200);
      expect(found.body.data.kind).toBe('organisations');
      expect(found.body.data.results.items).toEqual([{ ...hit, createdAt: expect.any(String) }]);
    }

    const campaign = await launchedCampaign(organisation.owner.accessToken, {
      forOrganisation: true,
      organisation: organisation.id,
    });
    const campaignHit = async () => {
      const found = await search('campaigns', campaign.url);
      expect(found.status, found.text).toBe(200);
      expect(found.body.data.results.items).toHaveLength(1);
      return found.body.data.results.items[0] as AdminCampaignHit;
    };
    expect(await campaignHit()).toMatchObject({
      id: campaign.id,
      organisation: { id: organisation.id, legalName: organisation.legalName },
      fundingType: 0,
    });

    // Moved to its owner as Bluetick: the search and the campaign switches' answer say so.
    const moved = await send<AdminCampaignMove>(
      'PATCH',
      `/api/v1/admin/campaigns/${campaign.id}/organisation`,
      {
        organisation: null,
        fundingType: 1,
        reason: 'The trust asked us to return the campaign to its owner.',
      },
      admin,
    );
    expect(moved.status, moved.text).toBe(200);
    expect(await campaignHit()).toMatchObject({ organisation: null, fundingType: 1 });
    // Hidden, not featured: a featured campaign would join the home page's three while pages.test reads them.
    const hidden = await send<AdminCampaignHit>(
      'PATCH',
      `/api/v1/admin/campaigns/${campaign.id}`,
      { hidden: true },
      admin,
    );
    expect(hidden.body.data).toMatchObject({ organisation: null, fundingType: 1, status: 1 });
  });

  it('finds users by email', async () => {
    const res = await send<AdminSearchResult>(
      'GET',
      `/api/v1/admin/search?kind=users&q=${encodeURIComponent(owner.email.toUpperCase())}`,
      undefined,
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.results.items).toEqual([expect.objectContaining({ id: owner.id, role: 'user' })]);
    const bad = await send('GET', '/api/v1/admin/search?kind=everything', undefined, admin);
    expect(bad.status).toBe(400);
  });
});

describe('EFT reconciliation', () => {
  it('marks a pending EFT donation received from its queue, with one audit entry', async () => {
    const campaign = await launchedCampaign(await demoToken('zanele'));
    const donation = await donated(
      donationBody({
        paymentMethod: PaymentGateway.EFT,
        amount: 200,
        tipOrAdminFeeAmount: 20,
        campaignUrl: campaign.url,
      }),
    );
    const queue = await send<AdminQueues['eftDonations']>(
      'GET',
      '/api/v1/admin/queues/eftDonations?pageSize=50',
      undefined,
      admin,
    );
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.data.paginationMetadata.totalCount).toBeGreaterThan(0);

    const entry = await expectOneAuditEntry('donation', donation.id, async () => {
      const res = await send<{ status: number }>(
        'PATCH',
        `/api/v1/admin/donations/${donation.id}/eft-received`,
        { amount: 220 },
        admin,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status).toBe(DonationStatus.Accepted);
    });
    expect(entry.before).toEqual({ status: DonationStatus.Pending });
    expect(entry.after).toMatchObject({ status: DonationStatus.Accepted });
  });
});

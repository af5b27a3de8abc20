import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDecision, AuditPage } from '~/lib/contracts/admin';
import type { AdminReview } from '~/lib/contracts/adminReview';
import type { PayoutCreated } from '~/lib/contracts/payouts';
import { PaymentGateway } from '~/lib/enums';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  patchCampaign,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { donated, donationBody } from './support/donations';
import { baseUrl, expectFailureEnvelope } from './support/http';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// The evidence staff decide on (issue 22, "The back office shows the evidence"):
// GET /api/v1/admin/queues/{queue}/{id} for each kind of queue item, its signals, its
// admins-only document links, and decisions that each decide one thing, audited with
// their note or reason.

const pdfOf = (text: string): Uint8Array =>
  new TextEncoder().encode(`%PDF-1.4\n% ${text}\ntrailer<<>>\n%%EOF\n`);

/** An account number no other test uses, so only this file's rows share it. */
const accountNumber = (): string => `7${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 90 + 10)}`;

const ANSWERS = {
  hasFulltimeStaff: true,
  hasCrowdfundedBefore: false,
  hasUsedEventsBefore: true,
  recievesSupport: true,
  recievedSupportDetails: 'The Qonce municipality lends us the hall.',
  helpRequired: 'Reaching donors outside the Eastern Cape.',
  regularNumberOfDonors: 'About 40',
  crowdFundingLinks: '',
  supportPartners: 'Qonce Rotary Club',
};

let admin: string;
let donor: string;
let stranger: SignedInAccount;

beforeAll(async () => {
  [admin, donor, stranger] = await Promise.all([
    demoToken('nomvula'),
    demoToken('lerato'),
    verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' }),
  ]);
});

const review = (queue: string, id: string, token: string | null = admin) =>
  send<AdminReview>('GET', `/api/v1/admin/queues/${queue}/${id}`, undefined, token ?? undefined);

async function reviewOf(queue: string, id: string): Promise<AdminReview> {
  const res = await review(queue, id);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function fetchDocument(url: string, token?: string): Promise<{ status: number; bytes: Uint8Array }> {
  const res = await fetch(`${baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function auditOf(entity: string, entityId: string): Promise<AuditPage['items']> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?entity=${entity}&entityId=${entityId}&pageSize=100`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

/** The organisation's Owner submits the questionnaire, its banking details and documents. */
async function submitOrganisation(
  organisation: RegisteredOrganisation,
  banking: Record<string, unknown>,
  legal: Uint8Array,
): Promise<void> {
  const form = formOf({ verification: ANSWERS, bankingDetails: banking });
  form.append('legalDocument', new Blob([new Uint8Array(legal)], { type: 'application/pdf' }), 'npo.pdf');
  form.append(
    'supportDocuments',
    new Blob([new Uint8Array(pdfOf('annual report'))], { type: 'application/pdf' }),
    'annual-report.pdf',
  );
  const res = await multipart(
    'PATCH',
    `/api/v1/organizations/${organisation.id}/verification`,
    form,
    organisation.owner.accessToken,
  );
  expect(res.status, res.text).toBe(200);
}

const orgBanking = (holder: string, account: string) => ({
  accountHolderName: holder,
  idType: 3,
  idNumber: '2019/482210/08',
  accountNumber: account,
  bankCode: '470010',
  accountType: 2,
});

/** The campaign's owner submits banking details and an ID document under Verification. */
async function submitCampaign(token: string, id: string, holder: string, account: string): Promise<void> {
  const form = formOf(
    {
      bankingDetails: {
        accountHolderName: holder,
        idType: 1,
        idNumber: '8001015009087',
        accountNumber: account,
        bankCode: '250655',
        accountType: 0,
      },
    },
    [{ name: 'my-id.pdf', bytes: pdfOf('identity document'), type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart<OwnerView>('PATCH', `/api/v1/campaigns/${id}/verification`, form, token);
  expect(res.status, res.text).toBe(200);
}

/** An EFT gift of `amount` the admin marks received: a counted donation. */
async function countedGift(campaign: SavedCampaign, amount: number): Promise<void> {
  const donation = await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: 0,
      campaignUrl: campaign.url,
    }),
    donor,
  );
  const res = await send('PATCH', `/api/v1/admin/donations/${donation.id}/eft-received`, { amount }, admin);
  expect(res.status, res.text).toBe(200);
}

describe('who may read a review', () => {
  it('answers 401 to a visitor, 403 to a signed-in user, 404 for an unknown queue or item', async () => {
    const organisation = await registerOrganisation(`Qonce Review Trust ${uniqueWord()}`);
    const path = `organisationVerifications/${organisation.id}`;
    expect((await review('organisationVerifications', organisation.id, null)).status).toBe(401);
    const refused = await send(
      'GET',
      `/api/v1/admin/queues/${path}`,
      undefined,
      organisation.owner.accessToken,
    );
    expect(refused.status).toBe(403);
    expectFailureEnvelope(refused.body);
    expect((await review('nothing', organisation.id)).status).toBe(404);
    expect((await review('payouts', organisation.id)).status).toBe(404);
    expect((await review('organisationVerifications', 'not-an-id')).status).toBe(404);
  });
});

describe('an organisation awaiting verification', () => {
  let organisation: RegisteredOrganisation;
  let other: RegisteredOrganisation;
  const legal = pdfOf('NPO certificate 123-456 NPO');
  const account = accountNumber();

  beforeAll(async () => {
    organisation = await registerOrganisation(`Qonce Soup Kitchen Trust ${uniqueWord()}`, {
      pboNumber: '930012345',
      npoNumber: '123-456 NPO',
    });
    other = await registerOrganisation(`Karoo Review Rescue ${uniqueWord()}`);
    await submitOrganisation(organisation, orgBanking(organisation.legalName, account), legal);
  });

  it('shows the contact, questionnaire, numbers, banking details in full and documents, with no signal', async () => {
    const data = await reviewOf('organisationVerifications', organisation.id);
    expect(data).toMatchObject({
      queue: 'organisationVerifications',
      id: organisation.id,
      title: organisation.legalName,
      fundingType: null,
      organisation: { id: organisation.id, name: organisation.legalName, isVerified: false },
      payout: null,
      signals: [],
    });
    expect(data.contacts).toContainEqual({
      role: 'Main contact',
      name: 'Nomsa Owner',
      email: organisation.owner.email,
      phone: '+27821234567',
    });
    expect(data.answers).toContainEqual({ label: 'Help required', value: ANSWERS.helpRequired });
    expect(data.answers).toContainEqual({ label: 'Has full-time staff', value: 'Yes' });
    expect(data.numbers).toEqual([
      { label: 'Organisation registration number', value: '2019/482210/08' },
      { label: 'NPO number', value: '123-456 NPO' },
      { label: 'PBO number', value: '930012345' },
    ]);
    expect(data.banking).toMatchObject({
      accountHolderName: organisation.legalName,
      bankName: 'Capitec Bank',
      branchCode: '470010',
      accountNumber: account,
      accountType: 'Business',
      idType: 'Organisation registration number',
      idNumber: '2019/482210/08',
      requestStatus: 0,
      statusLabel: 'Pending',
    });
    expect(data.documents.map((d) => d.label)).toEqual([
      'Legal document (NPO or registration certificate)',
      'Supporting document',
    ]);
    for (const document of data.documents)
      expect(document.url).toMatch(/^\/api\/v1\/admin\/documents\/[0-9a-f-]{36}$/);
  });

  it('opens a document for the admin only: a stranger, another organisation’s Owner and a visitor are refused', async () => {
    const data = await reviewOf('organisationVerifications', organisation.id);
    const certificate = data.documents[0];
    if (!certificate) throw new Error('no document');
    const opened = await fetchDocument(certificate.url, admin);
    expect(opened.status).toBe(200);
    expect(opened.bytes).toEqual(legal);
    expect((await fetchDocument(certificate.url, stranger.accessToken)).status).toBe(403);
    expect((await fetchDocument(certificate.url, other.owner.accessToken)).status).toBe(403);
    expect((await fetchDocument(certificate.url)).status).toBe(401);
  });

  it('says so when the account holder differs from the organisation and the account is another owner’s', async () => {
    await submitOrganisation(other, orgBanking('Themba Personal', account), pdfOf('other certificate'));
    const data = await reviewOf('organisationVerifications', other.id);
    expect(data.signals).toEqual([
      `The account holder “Themba Personal” differs from the name of the organisation “${other.legalName}”.`,
      `The same account (Capitec Bank ${account}) is also given for ${organisation.legalName}.`,
    ]);
    const banking = await reviewOf('bankingDetails', data.banking?.id ?? '');
    expect(banking.signals).toEqual(data.signals);
    expect(banking.documents.map((d) => d.label)).toContain(
      'Legal document (NPO or registration certificate)',
    );
  });

  it('accepts the organisation with a note, and leaves its banking details pending for their own decision', async () => {
    const note = 'Certificate checked against the NPO register.';
    const res = await send<AdminDecision>(
      'PATCH',
      `/api/v1/admin/organizations/${organisation.id}/verification`,
      { accepted: true, note },
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.bankingDetailId).toBeNull();
    const [entry] = await auditOf('organisation', organisation.id);
    expect(entry?.action).toBe('admin-organisation-verification-accept');
    expect(entry?.details).toEqual({ note });

    const after = await reviewOf('organisationVerifications', organisation.id);
    expect(after.organisation?.isVerified).toBe(true);
    expect(after.banking?.requestStatus).toBe(0);
    const queue = await send<{ items: { id: string }[] }>(
      'GET',
      '/api/v1/admin/queues/bankingDetails?pageSize=50&pageNo=1',
      undefined,
      admin,
    );
    expect(queue.status).toBe(200);

    const bankingId = after.banking?.id ?? '';
    const accepted = await send(
      'PATCH',
      `/api/v1/admin/banking-details/${bankingId}`,
      { accepted: true },
      admin,
    );
    expect(accepted.status, accepted.text).toBe(200);
    expect((await reviewOf('bankingDetails', bankingId)).banking?.requestStatus).toBe(1);
  });

  it('refuses a reject without a reason, and keeps the reason in the audit entry', async () => {
    const path = `/api/v1/admin/organizations/${other.id}/verification`;
    const noReason = await send('PATCH', path, { accepted: false }, admin);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toEqual({ reason: ['Please give a reason.'] });
    const reason = 'The account is not in the organisation’s name.';
    const res = await send('PATCH', path, { accepted: false, reason, note: 'ignored' }, admin);
    expect(res.status, res.text).toBe(200);
    const [entry] = await auditOf('organisation', other.id);
    expect(entry?.action).toBe('admin-organisation-verification-reject');
    expect(entry?.details).toEqual({ reason });
    // The banking details were not decided with it.
    expect((await reviewOf('organisationVerifications', other.id)).banking?.requestStatus).toBe(0);
  });
});

describe('a campaign awaiting verification', () => {
  let owner: SignedInAccount;

  beforeAll(async () => {
    owner = await verifyAndLogin({ firstName: 'Ayanda', lastName: 'Reviewed' });
  });

  it('shows the owner, funding type, ID document and banking details; no signal for the owner’s own account', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    const account = accountNumber();
    await submitCampaign(owner.accessToken, campaign.id, 'Ayanda Reviewed', account);
    const data = await reviewOf('campaignVerifications', campaign.id);
    expect(data).toMatchObject({
      queue: 'campaignVerifications',
      title: expect.stringContaining('Mthatha netball'),
      fundingType: 'Independent campaign',
      organisation: null,
      signals: [],
      banking: { accountHolderName: 'Ayanda Reviewed', accountNumber: account, branchCode: '250655' },
    });
    expect(data.contacts).toHaveLength(1);
    expect(data.contacts[0]).toMatchObject({
      role: 'Campaign owner',
      name: 'Ayanda Reviewed',
      email: owner.email,
    });
    expect(data.documents.map((d) => [d.label, d.fileName])).toEqual([['ID document', 'my-id.pdf']]);
    const id = await fetchDocument(data.documents[0]?.url ?? '', owner.accessToken);
    expect(id.status).toBe(403);
  });

  it('says so when the account holder is not the owner', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    await submitCampaign(owner.accessToken, campaign.id, 'N Zulu', accountNumber());
    const data = await reviewOf('campaignVerifications', campaign.id);
    expect(data.signals).toEqual([
      'The account holder “N Zulu” differs from the name of the campaign owner “Ayanda Reviewed”.',
    ]);
  });

  it('says so when the campaign changed its organisation or funding after donations were counted', async () => {
    const moved = await launchedCampaign(owner.accessToken);
    const kept = await launchedCampaign(owner.accessToken);
    // Changing the funding before any donation is no signal.
    expect((await patchCampaign(owner.accessToken, kept.id, { fundingType: '1' })).status).toBe(200);
    await countedGift(moved, 300);
    await countedGift(kept, 300);
    // Once donations count, only an admin moves the money, with a reason.
    const move = await send(
      'PATCH',
      `/api/v1/admin/campaigns/${moved.id}/organisation`,
      { organisation: null, fundingType: 1, reason: 'The owner asked for Bluetick payouts.' },
      admin,
    );
    expect(move.status).toBe(200);
    // The editor sends the stored organisation and funding type back with every save: no signal.
    expect(
      (
        await patchCampaign(owner.accessToken, kept.id, {
          name: `Kept ${uniqueWord()}`,
          organisation: '',
          fundingType: '1',
        })
      ).status,
    ).toBe(200);

    const signals = (await reviewOf('campaignVerifications', moved.id)).signals;
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatch(
      /^The campaign changed its organisation or funding type after donations were counted \(\d{4}-\d{2}-\d{2}\)\.$/,
    );
    expect((await reviewOf('campaignVerifications', kept.id)).signals).toEqual([]);
  });
});

describe('a payout', () => {
  let owner: SignedInAccount;
  let campaign: SavedCampaign;
  const account = accountNumber();

  beforeAll(async () => {
    owner = await verifyAndLogin({ firstName: 'Lwazi', lastName: 'Payee' });
    campaign = await launchedCampaign(owner.accessToken);
    await countedGift(campaign, 1000);
    await submitCampaign(owner.accessToken, campaign.id, 'Lwazi Payee', account);
    const bankingId = ((await ownerView(owner.accessToken, campaign.id)).bankingDetail as { id: string }).id;
    const accepted = await send(
      'PATCH',
      `/api/v1/admin/banking-details/${bankingId}`,
      { accepted: true },
      admin,
    );
    expect(accepted.status, accepted.text).toBe(200);
  });

  const requestPayout = async (amount: number, description: string): Promise<string> => {
    const res = await send<PayoutCreated>(
      'POST',
      '/api/v1/payouts/',
      {
        campaignFundingInfo: [{ id: campaign.id, payoutAmount: amount }],
        description,
        notes: 'To the club account, please.',
      },
      owner.accessToken,
    );
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  };

  it('shows the destination account, funds available, description, notes and earlier payouts; paying is audited', async () => {
    const first = await requestPayout(200, 'Bus to Gqeberha');
    const data = await reviewOf('payouts', first);
    expect(data).toMatchObject({
      queue: 'payouts',
      fundingType: 'Independent campaign',
      signals: [],
      payout: {
        amount: 200,
        currencyTicker: 'ZAR',
        status: 0,
        description: 'Bus to Gqeberha',
        notes: 'To the club account, please.',
        items: [{ campaignName: expect.any(String), amount: 200 }],
        destination: { accountHolderName: 'Lwazi Payee', accountNumber: account, requestStatus: 1 },
        earlierPayouts: [],
      },
    });
    expect(data.payout?.fundsAvailable).toBeGreaterThan(0);
    expect(data.contacts[0]).toMatchObject({ role: 'Requested by', email: owner.email });

    const note = 'Checked the statement.';
    const accept = await send('PATCH', `/api/v1/admin/payouts/${first}`, { status: 1, note }, admin);
    expect(accept.status, accept.text).toBe(200);
    const paid = await send(
      'PATCH',
      `/api/v1/admin/payouts/${first}`,
      { status: 3, reference: 'FNB-1' },
      admin,
    );
    expect(paid.status, paid.text).toBe(200);
    const entries = await auditOf('payout', first);
    expect(entries.filter((e) => e.action.startsWith('admin-')).map((e) => [e.action, e.details])).toEqual([
      ['admin-payout-paid', { reference: 'FNB-1' }],
      ['admin-payout-accepted', { note }],
    ]);

    const second = await requestPayout(100, 'Kit');
    const later = await reviewOf('payouts', second);
    expect(later.payout?.earlierPayouts).toEqual([
      expect.objectContaining({ id: first, amount: 200, status: 3, statusLabel: 'Paid' }),
    ]);
    const decline = await send('PATCH', `/api/v1/admin/payouts/${second}`, { status: 2 }, admin);
    expect(decline.status).toBe(400);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaignMove, AuditPage } from '~/lib/contracts/admin';
import type { InvitationPreview } from '~/lib/contracts/campaigns';
import type { OrganisationFundingInfo } from '~/lib/contracts/payouts';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import {
  latestMail,
  linkToken,
  mailsTo,
  type SignedInAccount,
  send,
  verifyAndLogin,
} from './support/accounts';
import {
  createCampaign,
  demoToken,
  launchedCampaign,
  ownerView,
  patchCampaign,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { type DonationData, donated, donationBody, donorEmail, pollDonation } from './support/donations';
import { payAtSimulator } from './support/payfast';
import { acceptedOrganisationBanking, requestPayout } from './support/payoutSetup';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// Issue 22, reports 1 and 3: where a campaign's money goes is decided once. An owner cannot raise
// for an organisation they do not belong to (403), "for an organisation" needs one (400), and once
// donations are counted or a payout is asked for, only a platform admin may move the money (409).

const FORBIDDEN_ORGANISATION =
  'You can only raise funds for an organisation you belong to, as its Owner, Admin, Editor or Champion.';
const LOCKED =
  'This campaign has received donations or a payout, so its organisation and funding type can no longer change: the money was given for them. Contact us if it must move.';
const ORGANISATION_REQUIRED = 'Please choose the organisation this campaign raises funds for.';
const INVITE_LINK = '/auth/invitation?';

let themba: RegisteredOrganisation;
let second: RegisteredOrganisation;
let outsiderOrg: RegisteredOrganisation;
let champion: SignedInAccount;
let donor: SignedInAccount;
let admin: string;

/** Invites `account` into the organisation as `userRole`; answers the mailed token (not yet accepted). */
async function invite(
  org: RegisteredOrganisation,
  account: SignedInAccount,
  userRole: number,
): Promise<string> {
  // Mails already in the box, so an earlier invitation to the same address is not taken for this one.
  const seen = (await mailsTo(account.email)).map((m) => m.id);
  const invited = await send(
    'PATCH',
    '/api/v1/team-members',
    {
      organizationId: org.id,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      mobileNumber: '+27825550101',
      organizationPositionId: 16,
      userRole,
      mainContactPerson: false,
    },
    org.owner.accessToken,
  );
  expect(invited.status, invited.text).toBe(200);
  return linkToken(await latestMail(account.email, INVITE_LINK, seen), INVITE_LINK);
}

async function join(org: RegisteredOrganisation, account: SignedInAccount, userRole = 3): Promise<void> {
  const token = await invite(org, account, userRole);
  const accepted = await send('POST', '/api/v1/team-members', { token, accept: true }, account.accessToken);
  expect(accepted.status, accepted.text).toBe(200);
}

/** A PayFast gift paid at the simulator and booked (Accepted): counted on the campaign. */
async function bookedGift(campaign: SavedCampaign, amount = 250): Promise<DonationData> {
  const donation = await donated(
    donationBody({
      campaignUrl: campaign.url,
      paymentMethod: PaymentGateway.PayFast,
      amount,
      tipOrAdminFeeAmount: 0,
      email: donorEmail('lock'),
    }),
    donor.accessToken,
  );
  await payAtSimulator(donation);
  return pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
}

const organisationOf = async (id: string): Promise<string | null> =>
  (await ownerView(champion.accessToken, id)).organization?.id ?? null;

const moveByAdmin = (id: string, body: Record<string, unknown>, token = admin) =>
  send<AdminCampaignMove>('PATCH', `/api/v1/admin/campaigns/${id}/organisation`, body, token);

beforeAll(async () => {
  const word = uniqueWord();
  [themba, second, outsiderOrg, champion, donor, admin] = await Promise.all([
    registerOrganisation(`Themba Care Foundation ${word}`),
    registerOrganisation(`Second Home Trust ${word}`),
    registerOrganisation(`Not Yours Trust ${word}`),
    verifyAndLogin({ firstName: 'Themba', lastName: 'Champion' }),
    verifyAndLogin({ firstName: 'Lerato', lastName: 'Donor' }),
    demoToken('nomvula'),
  ]);
  await join(themba, champion);
  await join(second, champion);
});

describe('raising for an organisation', () => {
  it('GET /organizations/mine lists the organisations the user may raise for, with the role', async () => {
    const res = await send<{ id: string; legalName: string; userRole: number }[]>(
      'GET',
      '/api/v1/organizations/mine',
      undefined,
      champion.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m) => [m.id, m.userRole]).sort()).toEqual(
      [
        [themba.id, 3],
        [second.id, 3],
      ].sort(),
    );
    expect((await send('GET', '/api/v1/organizations/mine')).status).toBe(401);
  });

  it('"for an organisation" without an organisation is 400, on create and edit', async () => {
    const created = await createCampaign(champion.accessToken, {
      name: 'No org chosen',
      forOrganisation: true,
    });
    expect(created.status, created.text).toBe(400);
    expect(created.body.data).toEqual({ organisation: [ORGANISATION_REQUIRED] });
    const empty = await createCampaign(champion.accessToken, {
      name: 'Empty org chosen',
      forOrganisation: true,
      organisation: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data).toEqual({ organisation: [ORGANISATION_REQUIRED] });

    const draft = await readyCampaign(champion.accessToken, {
      organisation: themba.id,
      forOrganisation: true,
    });
    const edit = await patchCampaign(champion.accessToken, draft.id, {
      forOrganisation: true,
      organisation: '',
    });
    expect(edit.status).toBe(400);
    expect(edit.body.data).toEqual({ organisation: [ORGANISATION_REQUIRED] });
    expect(await organisationOf(draft.id)).toBe(themba.id);
  });

  it('a champion creates only for the organisations they champion (403 otherwise), or independent ones', async () => {
    const foreign = await createCampaign(champion.accessToken, {
      name: 'For a stranger org',
      forOrganisation: true,
      organisation: outsiderOrg.id,
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.meta.message).toBe(FORBIDDEN_ORGANISATION);

    const own = await readyCampaign(champion.accessToken, { forOrganisation: true, organisation: themba.id });
    expect(await organisationOf(own.id)).toBe(themba.id);
    const independent = await readyCampaign(champion.accessToken, { forOrganisation: false });
    expect(await organisationOf(independent.id)).toBeNull();

    const edit = await patchCampaign(champion.accessToken, own.id, { organisation: outsiderOrg.id });
    expect(edit.status).toBe(403);
    expect(edit.body.meta.message).toBe(FORBIDDEN_ORGANISATION);
    expect(await organisationOf(own.id)).toBe(themba.id);
  });

  it('before any donation the owner may still detach it or move it to another of their organisations', async () => {
    const campaign = await launchedCampaign(champion.accessToken, { organisation: themba.id });
    const moved = await patchCampaign(champion.accessToken, campaign.id, { organisation: second.id });
    expect(moved.status, moved.text).toBe(200);
    expect(await organisationOf(campaign.id)).toBe(second.id);
    const detached = await patchCampaign(champion.accessToken, campaign.id, { organisation: '' });
    expect(detached.status, detached.text).toBe(200);
    expect(await organisationOf(campaign.id)).toBeNull();
  });
});

describe('once donations are counted, the money stays where it was given', () => {
  let campaign: SavedCampaign;

  beforeAll(async () => {
    campaign = await launchedCampaign(champion.accessToken, { organisation: themba.id });
    await bookedGift(campaign);
  });

  it('409 for the detach, the move to the owner’s other organisation and a funding type change', async () => {
    for (const change of [
      { organisation: '' },
      { organisation: second.id },
      { fundingType: 1, organisation: '' },
    ]) {
      const res = await patchCampaign(champion.accessToken, campaign.id, change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.body.meta.message).toBe(LOCKED);
    }
    expect(await organisationOf(campaign.id)).toBe(themba.id);
    // Other edits go on, sending the organisation back unchanged.
    const edit = await patchCampaign(champion.accessToken, campaign.id, {
      organisation: themba.id,
      fundingType: 0,
      donationTarget: 42000,
    });
    expect(edit.status, edit.text).toBe(200);

    // The money is still the organisation's: its Owner sees the campaign in its funding.
    const funding = await send<OrganisationFundingInfo>(
      'GET',
      `/api/v1/organizations/${themba.id}/funding`,
      undefined,
      themba.owner.accessToken,
    );
    expect(funding.status, funding.text).toBe(200);
    expect(funding.body.data.campaignFundingInfo.find((c) => c.id === campaign.id)?.totalFundsReceived).toBe(
      250,
    );
  });

  it('only a platform admin moves it, with a reason, and the move is audited', async () => {
    const byOwner = await moveByAdmin(
      campaign.id,
      { organisation: null, reason: 'mine now' },
      champion.accessToken,
    );
    expect(byOwner.status).toBe(403);
    const withoutReason = await moveByAdmin(campaign.id, { organisation: second.id });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body.data).toEqual({ reason: ['Please give a reason.'] });
    const blank = await moveByAdmin(campaign.id, { organisation: second.id, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(await organisationOf(campaign.id)).toBe(themba.id);

    const reason = 'The foundation asked us to move the campaign to its sister trust.';
    const moved = await moveByAdmin(campaign.id, { organisation: second.id, reason });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toEqual({
      id: campaign.id,
      organisation: { id: second.id, legalName: second.legalName },
      fundingType: 0,
    });
    expect(await organisationOf(campaign.id)).toBe(second.id);

    const audit = await send<AuditPage>(
      'GET',
      `/api/v1/admin/audit?entity=campaign&entityId=${campaign.id}&pageSize=50`,
      undefined,
      admin,
    );
    expect(audit.status, audit.text).toBe(200);
    const entry = audit.body.data.items.find((e) => e.action === 'campaign-move');
    expect(entry?.details).toEqual({
      before: { organisationId: themba.id, fundingType: 0 },
      after: { organisationId: second.id, fundingType: 0 },
      reason,
    });
    // The owner's ordinary edits still keep their field list.
    const update = audit.body.data.items.find((e) => e.action === 'campaign-update');
    expect(update?.details.fields).toEqual(expect.arrayContaining(['organisation', 'donationTarget']));
  });
});

describe('a payout that is not declined locks it too', () => {
  it('409 for the detach after the organisation asked for a payout', async () => {
    const campaign = await launchedCampaign(champion.accessToken, { organisation: themba.id });
    await bookedGift(campaign, 300);
    await acceptedOrganisationBanking(themba.owner.accessToken, themba.id, admin);
    const payout = await requestPayout(themba.owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 200 }],
      description: 'Food parcels',
    });
    expect(payout.status, payout.text).toBe(201);
    const detach = await patchCampaign(champion.accessToken, campaign.id, { organisation: '' });
    expect(detach.status).toBe(409);
    expect(detach.body.meta.message).toBe(LOCKED);
    expect(await organisationOf(campaign.id)).toBe(themba.id);
  });
});

describe('a detach racing donations', () => {
  it('never leaves a donation counted before the detach on the detached campaign', async () => {
    for (let round = 0; round < 3; round++) {
      const campaign = await launchedCampaign(champion.accessToken, { organisation: themba.id });
      const gift = () =>
        donated(
          donationBody({
            campaignUrl: campaign.url,
            paymentMethod: PaymentGateway.EFT,
            amount: 100,
            tipOrAdminFeeAmount: 0,
          }),
          donor.accessToken,
        );
      const [detach, ...gifts] = await Promise.all([
        patchCampaign(champion.accessToken, campaign.id, { organisation: '' }),
        gift(),
        gift(),
        gift(),
      ]);
      if (detach.status === 409) {
        expect(detach.body.meta.message).toBe(LOCKED);
        expect(await organisationOf(campaign.id)).toBe(themba.id);
        continue;
      }
      expect(detach.status, detach.text).toBe(200);
      expect(await organisationOf(campaign.id)).toBeNull();
      // Every gift on the detached campaign was booked after the detach was written.
      const audit = await send<AuditPage>(
        'GET',
        `/api/v1/admin/audit?entity=campaign&entityId=${campaign.id}&action=campaign-update&pageSize=50`,
        undefined,
        admin,
      );
      const detachedAt = Math.max(
        ...audit.body.data.items.filter((e) => e.action === 'campaign-update').map((e) => Date.parse(e.at)),
      );
      for (const booked of gifts) expect(Date.parse(booked.createdAt)).toBeGreaterThanOrEqual(detachedAt);
    }
  });
});

describe('GET /team-members/invitation', () => {
  it('names the organisation, the inviter and the role of a pending invitation, nothing more', async () => {
    const invitee = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Invitee' });
    const token = await invite(themba, invitee, 3);
    const res = await send<InvitationPreview>('GET', `/api/v1/team-members/invitation?token=${token}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      organizationName: themba.legalName,
      campaignName: null,
      inviterName: 'Nomsa Owner',
      userRole: 3,
    });
    expect(res.text).not.toContain(invitee.email);
    const unknown = await send('GET', '/api/v1/team-members/invitation?token=not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('This invitation link is invalid or has expired.');
  });
});

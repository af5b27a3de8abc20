import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDonationPage, ThankDonorsResult } from '~/lib/contracts/donations';
import type { CampaignFundingInfo } from '~/lib/contracts/payouts';
import { DonationStatus, OrgUserRole, PaymentGateway } from '~/lib/enums';
import { THANK_MESSAGES } from '~/lib/schemas/thankDonors';
import { OWNER_DONATION_MESSAGES } from '~/lib/server/donations/ownerDonations';
import { THANK_DONORS_MESSAGES } from '~/lib/server/donations/thankDonors';
import {
  latestMail,
  linkToken,
  mailsTo,
  type OutboxMail,
  type SignedInAccount,
  send,
  verifyAndLogin,
} from './support/accounts';
import { demoToken, launchedCampaign, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, donorEmail, getDonation } from './support/donations';
import { eftReceived } from './support/gatewayDeliveries';
import { baseUrl, expectFailureEnvelope } from './support/http';
import {
  joinedMember,
  type RegisteredOrganisation,
  registerOrganisation,
} from './support/registeredOrganisation';

// Who gave (docs/api/donations.md): a campaign's counted donations, their fees and net as the
// ledger counts them, for the owner, the team and the organisation's Owners and Admins; a CSV
// safe to open in a spreadsheet; never a donor's email or phone; and a thank-you the platform
// mails without showing the writer an address.

const FORMULA_NAME = '=HYPERLINK("evil.co","X")';
const FORMULA_COMMENT = '+SUM(A1:A9) for the team';
const PHONE = '0829876543';

interface Donor {
  email: string;
  donation: DonationData;
}

const csvOf = (res: Response) => res.text();

function fetchCsv(path: string, token?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** A team member of the campaign: invited by the owner, accepted through the mailed link. */
async function campaignTeamMember(owner: SignedInAccount, campaignId: string): Promise<SignedInAccount> {
  const member = await verifyAndLogin({ firstName: 'Lindani', lastName: 'Helper' });
  const invited = await send(
    'PATCH',
    '/api/v1/team-members',
    {
      firstName: 'Lindani',
      lastName: 'Helper',
      email: member.email,
      mobileNumber: '+27821112222',
      organizationPositionId: null,
      userRole: 2,
      mainContactPerson: false,
      deleted: false,
      campaignId,
    },
    owner.accessToken,
  );
  expect(invited.status, invited.text).toBe(200);
  const token = linkToken(await latestMail(member.email, '/auth/invitation?'), '/auth/invitation?');
  const accepted = await send('POST', '/api/v1/team-members', { token, accept: true }, member.accessToken);
  expect(accepted.status, accepted.text).toBe(200);
  return member;
}

/** An EFT gift to the campaign, marked received by an admin unless `pending`. */
async function gift(
  campaign: SavedCampaign,
  fields: Record<string, unknown>,
  options: { pending?: boolean } = {},
): Promise<Donor> {
  const email = donorEmail('giver');
  const donation = await donated(
    donationBody({
      campaignUrl: campaign.url,
      paymentMethod: PaymentGateway.EFT,
      tipOrAdminFeeAmount: 0,
      email,
      mobileNumber: PHONE,
      ...fields,
    }),
  );
  if (!options.pending) expect(await eftReceived(donation, await demoToken('nomvula'))).toBe(200);
  return { email, donation };
}

describe('who gave to a campaign', () => {
  let org: RegisteredOrganisation;
  let champion: SignedInAccount;
  let orgAdmin: SignedInAccount;
  let orgEditor: SignedInAccount;
  let team: SignedInAccount;
  let stranger: SignedInAccount;
  let campaign: SavedCampaign;
  let named: Donor;
  let hidden: Donor;
  let pending: Donor;
  let path: string;

  beforeAll(async () => {
    org = await registerOrganisation(`Ubuntu Givers Trust ${Date.now()}`);
    [champion, orgAdmin, orgEditor, stranger] = await Promise.all([
      joinedMember(org, 'Champ', OrgUserRole.Champion),
      joinedMember(org, 'Anele', OrgUserRole.Admin),
      joinedMember(org, 'Bongi', OrgUserRole.Editor),
      verifyAndLogin({ firstName: 'Sizwe', lastName: 'Stranger' }),
    ]);
    campaign = await launchedCampaign(champion.accessToken, { organisation: org.id });
    path = `/api/v1/campaigns/${campaign.id}/donations`;
    team = await campaignTeamMember(champion, campaign.id);
    named = await gift(campaign, {
      amount: 300,
      tipOrAdminFeeAmount: 36,
      firstName: 'Zanele',
      lastName: 'Dlamini',
      displayName: FORMULA_NAME,
      comment: FORMULA_COMMENT,
    });
    hidden = await gift(campaign, {
      amount: 150,
      tipOrAdminFeeAmount: 0,
      anonymous: true,
      firstName: 'Secret',
    });
    pending = await gift(campaign, { amount: 500, firstName: 'Later' }, { pending: true });
  }, 180_000);

  it('lists the counted donations, newest first, with fee and net; the totals equal the ledger', async () => {
    const res = await send<OwnerDonationPage>(
      'GET',
      `${path}?pageSize=1&pageNo=1`,
      undefined,
      champion.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    const page = res.body.data;
    expect(page.paginationMetadata).toEqual({ totalCount: 2, pageCount: 2, pageNo: 1, pageSize: 1 });
    expect(page.items).toEqual([
      {
        id: hidden.donation.id,
        createdAt: expect.any(String),
        donorName: 'Anonymous',
        comment: null,
        amount: 150,
        currency: { symbol: 'R', ticker: 'ZAR' },
        feeAmount: 0,
        refundedAmount: 0,
        netAmount: 150,
        status: DonationStatus.Accepted,
        paymentMethod: PaymentGateway.EFT,
        reference: hidden.donation.transactionInfo.referenceNumber,
        recurring: false,
        campaign: { id: campaign.id, name: expect.any(String), url: campaign.url },
      },
    ]);
    const second = await send<OwnerDonationPage>(
      'GET',
      `${path}?pageSize=1&pageNo=2`,
      undefined,
      champion.accessToken,
    );
    expect(second.body.data.items.map((item) => [item.donorName, item.amount, item.comment])).toEqual([
      [FORMULA_NAME, 300, FORMULA_COMMENT],
    ]);

    // Over all pages, and the same as the ledger's funding view: the tip is the platform's, the
    // pending gift is not counted.
    const funding = await send<CampaignFundingInfo>(
      'GET',
      `/api/v1/campaigns/${campaign.id}/funding`,
      undefined,
      champion.accessToken,
    );
    expect(funding.status, funding.text).toBe(200);
    const ledger = funding.body.data;
    expect(page.totals).toEqual([
      {
        currency: { symbol: 'R', ticker: 'ZAR' },
        count: 2,
        gross: ledger.totalFundsReceived,
        refunded: 0,
        fees: ledger.feesTotal,
        net: ledger.totalFundsReceived - ledger.feesTotal,
      },
    ]);
    expect(ledger.totalFundsReceived).toBe(450);
    expect(page.totals[0]?.net).toBe(ledger.totalFundsAvailable);
    const ids = [...page.items, ...second.body.data.items].map((item) => item.id);
    expect(ids).not.toContain(pending.donation.id);
  });

  it('never shows a donor’s email or phone: not in the list, the CSV or the team’s view of one donation', async () => {
    const list = await send('GET', path, undefined, team.accessToken);
    const csv = await csvOf(await fetchCsv(`${path}.csv`, team.accessToken));
    const one = await getDonation(named.donation.id, champion.accessToken);
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.email).toBeNull();
    expect(one.body.data.mobileNumber).toBeNull();
    for (const text of [list.text, csv, one.text]) {
      for (const donor of [named, hidden, pending]) expect(text).not.toContain(donor.email);
      expect(text).not.toContain(PHONE);
    }
    // The donor still sees their own, through their token.
    const own = await getDonation(named.donation.jwtTokenStringDonationId);
    expect(own.body.data.email).toBe(named.email);
  });

  it('exports every counted donation as CSV, a formula made text', async () => {
    const res = await fetchCsv(`${path}.csv`, champion.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="donations-${campaign.url}.csv"`,
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Donor,Comment,Amount,Refunded,Fee,Net,Currency,Status,Payment method,Reference,Monthly,Campaign',
    );
    expect(lines).toHaveLength(3);
    const namedLine = lines.find((line) =>
      line.includes(named.donation.transactionInfo.referenceNumber ?? '-'),
    );
    // The formula starts with an apostrophe; a quote inside is doubled.
    expect(namedLine).toContain(`"'=HYPERLINK(""evil.co"",""X"")"`);
    expect(namedLine).toContain(`'${FORMULA_COMMENT},300.00,0.00,0.00,300.00,ZAR,Paid`);
    expect(lines.find((line) => line.includes(',Anonymous,'))).toContain(',150.00,0.00,0.00,150.00,ZAR,');
  });

  it('answers the owner, the team, the organisation’s Owner and Admin, and staff; 403 to the rest; 401 to visitors', async () => {
    const admin = await demoToken('nomvula');
    for (const token of [
      champion.accessToken,
      team.accessToken,
      org.owner.accessToken,
      orgAdmin.accessToken,
      admin,
    ]) {
      const res = await send<OwnerDonationPage>('GET', path, undefined, token);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.paginationMetadata.totalCount).toBe(2);
      expect((await fetchCsv(`${path}.csv`, token)).status).toBe(200);
    }
    for (const token of [stranger.accessToken, orgEditor.accessToken]) {
      const res = await send('GET', path, undefined, token);
      expect(res.status, res.text).toBe(403);
      expectFailureEnvelope(res.body);
      expect(res.body.meta.message).toBe(OWNER_DONATION_MESSAGES.forbidden);
      expect((await fetchCsv(`${path}.csv`, token)).status).toBe(403);
      // Permission first: a stranger's thank-you, however malformed, is a 403.
      const thank = await send('POST', `${path}/thank`, { message: '' }, token);
      expect(thank.status, thank.text).toBe(403);
    }
    expect((await send('GET', path)).status).toBe(401);
    expect((await fetchCsv(`${path}.csv`)).status).toBe(401);
    expect((await send('POST', `${path}/thank`, { message: 'Hi' })).status).toBe(401);
  });

  it('answers the organisation’s donations to its Owner and Admin only, with each campaign named', async () => {
    const orgPath = `/api/v1/organizations/${org.id}/donations`;
    for (const token of [org.owner.accessToken, orgAdmin.accessToken]) {
      const res = await send<OwnerDonationPage>('GET', orgPath, undefined, token);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.items.map((item) => item.campaign.id)).toEqual([campaign.id, campaign.id]);
      expect(res.body.data.totals).toEqual([
        { currency: { symbol: 'R', ticker: 'ZAR' }, count: 2, gross: 450, refunded: 0, fees: 0, net: 450 },
      ]);
      const csv = await fetchCsv(`${orgPath}.csv`, token);
      expect(csv.status).toBe(200);
      const text = await csv.text();
      expect(text.split('\r\n').filter(Boolean)).toHaveLength(3);
      expect(text).not.toContain(named.email);
    }
    for (const token of [
      champion.accessToken,
      team.accessToken,
      orgEditor.accessToken,
      stranger.accessToken,
    ]) {
      expect((await send('GET', orgPath, undefined, token)).status).toBe(403);
      expect((await fetchCsv(`${orgPath}.csv`, token)).status).toBe(403);
    }
    expect((await send('GET', orgPath)).status).toBe(401);
  });
});

describe('thanking donors', () => {
  let owner: SignedInAccount;
  let campaign: SavedCampaign;
  let first: Donor;
  let second: Donor;
  let path: string;

  const thanksTo = async (email: string): Promise<OutboxMail[]> =>
    (await mailsTo(email)).filter((mail) => mail.subject.startsWith('A thank-you from'));

  beforeAll(async () => {
    owner = await verifyAndLogin({ firstName: 'Themba', lastName: 'Owner' });
    campaign = await launchedCampaign(owner.accessToken);
    path = `/api/v1/campaigns/${campaign.id}/donations/thank`;
    first = await gift(campaign, { firstName: 'Naledi', amount: 200 });
    second = await gift(campaign, { firstName: 'Kagiso', anonymous: true, amount: 100 });
    // A second gift from the same address is one donor, thanked once.
    await gift(campaign, { firstName: 'Naledi', amount: 50, email: first.email });
  }, 180_000);

  it('refuses an empty or too long message, and a donation of another campaign', async () => {
    const empty = await send('POST', path, { message: '   ' }, owner.accessToken);
    expect(empty.status, empty.text).toBe(400);
    expect(empty.body.meta.message).toBe(THANK_MESSAGES.messageRequired);
    const long = await send('POST', path, { message: 'x'.repeat(1001) }, owner.accessToken);
    expect(long.status, long.text).toBe(400);
    expect(long.body.meta.message).toBe(THANK_MESSAGES.messageTooLong);
    const other = await gift(await launchedCampaign(owner.accessToken), { amount: 20 });
    const elsewhere = await send(
      'POST',
      path,
      { donationId: other.donation.id, message: 'Thank you' },
      owner.accessToken,
    );
    expect(elsewhere.status, elsewhere.text).toBe(404);
    expect(await thanksTo(other.email)).toEqual([]);
  });

  it('mails one donor, then all of them once each; the writer never sees an address; once a day for all', async () => {
    const one = await send<ThankDonorsResult>(
      'POST',
      path,
      { donationId: second.donation.id, message: 'Your gift bought the bus tickets.\nSiyabonga!' },
      owner.accessToken,
    );
    expect(one.status, one.text).toBe(200);
    expect(one.body.data).toEqual({ sent: 1, skipped: 0 });
    expect(one.body.meta.message).toBe(THANK_DONORS_MESSAGES.sent(1));
    const [mail] = await thanksTo(second.email);
    expect(mail?.text).toContain('Your gift bought the bus tickets.');
    expect(mail?.text).toContain('Siyabonga!');
    expect(mail?.text).toContain('Themba Owner');
    expect(mail?.html).not.toContain('<script');
    expect(await thanksTo(first.email)).toEqual([]);

    const all = await send<ThankDonorsResult>(
      'POST',
      path,
      { message: 'We made it to the finals!' },
      owner.accessToken,
    );
    expect(all.status, all.text).toBe(200);
    expect(all.body.data).toEqual({ sent: 2, skipped: 0 });
    expect(await thanksTo(first.email)).toHaveLength(1);
    expect(await thanksTo(second.email)).toHaveLength(2);
    for (const res of [one, all]) {
      expect(res.text).not.toContain(first.email);
      expect(res.text).not.toContain(second.email);
    }
    // Nothing went to the writer with a donor's address in it.
    for (const m of await mailsTo(owner.email)) {
      expect(m.text).not.toContain(first.email);
      expect(m.text).not.toContain(second.email);
    }

    const again = await send('POST', path, { message: 'And again!' }, owner.accessToken);
    expect(again.status, again.text).toBe(429);
    expect(again.body.meta.message).toBe(THANK_DONORS_MESSAGES.tooManyForCampaign);
    expect(await thanksTo(first.email)).toHaveLength(1);

    // Two a day to one donor: the third is refused.
    const third = await send(
      'POST',
      path,
      { donationId: second.donation.id, message: 'One more thing.' },
      owner.accessToken,
    );
    expect(third.status, third.text).toBe(200);
    const fourth = await send(
      'POST',
      path,
      { donationId: second.donation.id, message: 'And another.' },
      owner.accessToken,
    );
    expect(fourth.status, fourth.text).toBe(429);
    expect(fourth.body.meta.message).toBe(THANK_DONORS_MESSAGES.tooManyForDonor);
  });

  it('stops thank-you messages to a donor who used the opt-out link', async () => {
    const [mail] = await thanksTo(first.email);
    const link = mail?.links.find((l) => l.includes('/unsubscribe?token='));
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    // Opening the link changes nothing (mail scanners open links); the button posts.
    const opened = await fetch(`${baseUrl}${url.pathname}${url.search}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Stop thank-you messages');
    const posted = await fetch(`${baseUrl}${url.pathname}${url.search}`, { method: 'POST' });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain(THANK_DONORS_MESSAGES.optedOut);
    // A forged token is refused.
    const forged = await fetch(`${baseUrl}/unsubscribe?token=${url.searchParams.get('token')}x`, {
      method: 'POST',
    });
    expect(forged.status).toBe(404);

    const before = (await thanksTo(first.email)).length;
    const res = await send<ThankDonorsResult>(
      'POST',
      path,
      { donationId: first.donation.id, message: 'Thanks again.' },
      owner.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ sent: 0, skipped: 1 });
    expect(res.body.meta.message).toBe(THANK_DONORS_MESSAGES.noneSent);
    expect(await thanksTo(first.email)).toHaveLength(before);
  });
});

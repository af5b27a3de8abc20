import { randomInt } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedRecurrence } from '~/lib/contracts/donations';
import type { AdminRefundRequest, RefundRequestState } from '~/lib/contracts/refunds';
import type { ReportGroup } from '~/lib/contracts/reports';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { PRIVACY_MESSAGES } from '~/lib/schemas/privacy';
import {
  loginAs,
  registerUser,
  type SignedInAccount,
  send,
  TEST_PASSWORD,
  verifyAndLogin,
} from './support/accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  png,
  publicDetail,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { TINY_PDF, validBanking } from './support/documents';
import {
  campaignDonations,
  DEMO_RECURRING_CAMPAIGN,
  donated,
  donationBody,
  pollDonation,
  solveCaptcha,
} from './support/donations';
import { eftReceived } from './support/gatewayDeliveries';
import { payAtSimulator } from './support/payfast';
import { acceptedCampaignBanking, requestPayout } from './support/payoutSetup';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// POPIA (docs/api/privacy.md): GET /users/{id}/export gives a user every row that is theirs and
// the files they uploaded, as a zip; DELETE /users/{id} with their password erases their personal
// data and keeps their gifts in the ledger as 'Anonymous'. On the PostgreSQL pass the test also
// reads the database itself: every row pointing at the user is in the export, and after deletion
// none of the user's values is left in any text or JSON column of any table.

const databaseUrl = inject('databaseUrl');
const onPostgres = databaseUrl.startsWith('postgres');

/** Values found nowhere else, so finding one later can only mean the user's data was left behind. */
const marker = uniqueWord('pv').toLowerCase();
const FIRST = `Zanele${marker}`;
const LAST = `Qwabe${marker}`;
const EMAIL = `${marker}@letsema.test`;
const PHONE = `+2782${randomInt(1_000_000, 9_999_999)}`;
const STREET = `${randomInt(100, 999)} ${marker} Street`;
/** An income tax reference number (10 digits, starting 9) for the Section 18A receipt. */
const TAX_NUMBER = `9${randomInt(100_000_000, 999_999_999)}`;
const MARKERS = [marker, EMAIL, PHONE, STREET.toLowerCase(), TAX_NUMBER];

interface ExportData {
  userId: string;
  tables: Record<string, Record<string, unknown>[]>;
}

let user: SignedInAccount;
let host: SignedInAccount;
let admin: string;
let hostCampaign: SavedCampaign;
let ownCampaign: SavedCampaign;
let signedInGift: string;
let guestGift: string;
let monthly: CreatedRecurrence;
let pictureBytes: Uint8Array;
/** Their reports of the host's campaign: one signed in, one as a visitor who gave their address. */
let reportIds: string[] = [];
/** Their request for a refund of the signed-in gift, still waiting for staff. */
let refundRequestId: string;
const REFUND_REASON = `Charged twice on ${FIRST} ${LAST}'s card`;

function exportOf(userId: string, token?: string): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/v1/users/${userId}/export`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function unzipped(res: Response): Promise<{ files: Record<string, Uint8Array>; data: ExportData }> {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const json = files['data.json'];
  if (!json) throw new Error('no data.json in the export');
  return { files, data: JSON.parse(strFromU8(json)) as ExportData };
}

const idsIn = (data: ExportData, table: string): unknown[] =>
  (data.tables[table] ?? []).map((row) => row.id ?? row.organisationId);

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  let trust: RegisteredOrganisation;
  [user, trust, admin] = await Promise.all([
    verifyAndLogin({ firstName: FIRST, lastName: LAST, email: EMAIL }),
    // A public benefit organisation: gifts to its tax-deductible campaign get Section 18A receipts.
    registerOrganisation(`Makhanda Bursary Trust ${uniqueWord()}`, { pboNumber: '930012345' }),
    demoToken('nomvula'),
  ]);
  host = trust.owner;
  const token = user.accessToken;
  const profile = await send(
    'PATCH',
    '/api/v1/users',
    {
      firstName: FIRST,
      lastName: LAST,
      phone: PHONE,
      address: { addressLine1: STREET, city: 'Makhanda', province: 'Eastern Cape', country: 'South Africa' },
    },
    token,
  );
  expect(profile.status, profile.text).toBe(200);
  pictureBytes = await png(40, 40, '#aa3377');
  const picture = await multipart(
    'PATCH',
    `/api/v1/users/${user.id}/image`,
    formOf({}, [{ name: `${marker}-me.png`, bytes: pictureBytes }], 'image'),
    token,
  );
  expect(picture.status, picture.text).toBe(200);

  hostCampaign = await launchedCampaign(host.accessToken, {
    organisation: trust.id,
    settings: { isTaxBenefit: true },
  });
  // A PayFast gift signed in, accepted; and an EFT gift as a guest with the same email, before signing in.
  const gift = await donated(
    donationBody({
      campaignUrl: hostCampaign.url,
      paymentMethod: PaymentGateway.PayFast,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      mobileNumber: PHONE,
      displayName: `${FIRST} and family`,
      comment: `Strength to you, from ${FIRST} ${LAST}`,
    }),
    token,
  );
  await payAtSimulator(gift);
  await pollDonation(gift.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
  signedInGift = gift.id;
  const receipt = await send(
    'POST',
    `/api/v1/donations/${gift.id}/receipt`,
    {
      fullName: `${FIRST} ${LAST}`,
      idType: 'taxNumber',
      idNumber: TAX_NUMBER,
      address: `${STREET}, Makhanda, 6139`,
    },
    token,
  );
  expect(receipt.status, receipt.text).toBe(201);
  const guest = await donated(
    donationBody({
      campaignUrl: hostCampaign.url,
      paymentMethod: PaymentGateway.EFT,
      tipOrAdminFeeAmount: 0,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL.toUpperCase(),
    }),
  );
  guestGift = guest.id;
  // A monthly gift whose first charge went through: PayFast holds a subscription to cancel.
  const created = await send<CreatedRecurrence>(
    'POST',
    '/api/v1/donationsscheduler',
    donationBody({
      campaignUrl: DEMO_RECURRING_CAMPAIGN,
      paymentMethod: PaymentGateway.PayFast,
      amount: 200,
      tipOrAdminFeeAmount: 0,
      term: 3,
      deductionDate: 1,
      cardConsent: true,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      mobileNumber: PHONE,
    }),
    token,
  );
  expect(created.status, created.text).toBe(201);
  monthly = created.body.data;
  await payAtSimulator(monthly);

  // Their own campaign, with an update, banking details and an identity document (no money raised).
  ownCampaign = await launchedCampaign(token, { name: `Bursaries for Makhanda ${uniqueWord()}` });
  const update = await multipart(
    'POST',
    '/api/v1/campaigns/campaign-updates',
    formOf({ campaignId: ownCampaign.id, description: `<p>Thank you all, ${FIRST} ${LAST}</p>` }),
    token,
  );
  expect(update.status, update.text).toBe(201);
  const verification = await multipart(
    'PATCH',
    `/api/v1/campaigns/${ownCampaign.id}/verification`,
    formOf(
      { bankingDetails: validBanking(`${FIRST} ${LAST}`) },
      [{ name: `${marker}-id.pdf`, bytes: TINY_PDF, type: 'application/pdf' }],
      'identificationDocumentation',
    ),
    token,
  );
  expect(verification.status, verification.text).toBe(200);

  // An organisation they registered as its main contact, and an invitation to the host's team.
  const organisation = await multipart(
    'POST',
    '/api/v1/organizations/',
    formOf({
      legalName: `Makhanda Reading Circle ${uniqueWord()}`,
      organizationTypeId: 1,
      organizationSectors: [2],
      briefDescription: '<p>We read with children on Saturday mornings in Makhanda.</p>',
      mainContactPerson: { firstName: FIRST, lastName: LAST, phone: PHONE, email: EMAIL },
      address: { addressLine1: STREET, city: 'Makhanda', province: 'Eastern Cape', country: 'South Africa' },
    }),
    token,
  );
  expect(organisation.status, organisation.text).toBe(201);
  const invited = await send(
    'PATCH',
    '/api/v1/team-members',
    {
      campaignId: hostCampaign.id,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      mobileNumber: PHONE,
      organizationPositionId: null,
      userRole: 2,
      mainContactPerson: false,
      deleted: false,
    },
    host.accessToken,
  );
  expect(invited.status, invited.text).toBe(200);

  // They report the host's campaign signed in, and once as a visitor leaving their address.
  const signedIn = await send<{ id: string }>(
    'POST',
    '/api/v1/reports',
    {
      campaignId: hostCampaign.id,
      reason: 'other',
      details: `I, ${FIRST} ${LAST}, could not reach the organisers by phone.`,
    },
    token,
  );
  expect(signedIn.status, signedIn.text).toBe(201);
  const asVisitor = await send<{ id: string }>('POST', '/api/v1/reports', {
    campaignId: hostCampaign.id,
    reason: 'misleading',
    details: 'The photos look like the ones of another campaign.',
    email: EMAIL,
    recaptchaToken: await solveCaptcha(),
  });
  expect(asVisitor.status, asVisitor.text).toBe(201);
  reportIds = [signedIn.body.data.id, asVisitor.body.data.id];

  // They ask for a refund of their signed-in gift; staff have not decided yet.
  const asked = await send<RefundRequestState>(
    'POST',
    `/api/v1/donations/${signedInGift}/refund-request`,
    { reason: REFUND_REASON },
    token,
  );
  expect(asked.status, asked.text).toBe(201);
  refundRequestId = asked.body.data.request?.id ?? '';
}, 120_000);

/** The open reports of the host's campaign as staff read them in the reports queue. */
async function hostCampaignReports() {
  const groups = await send<ReportGroup[]>('GET', '/api/v1/admin/reports', undefined, admin);
  expect(groups.status, groups.text).toBe(200);
  const group = groups.body.data.find((g) => g.id === hostCampaign.id);
  return (group?.reports ?? []).filter((report) => reportIds.includes(report.id));
}

describe('GET /users/{id}/export', () => {
  it('is refused to a stranger and to an admin, and to a visitor', async () => {
    const stranger = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' });
    expect((await exportOf(user.id, stranger.accessToken)).status).toBe(403);
    expect((await exportOf(user.id, admin)).status).toBe(403);
    expect((await exportOf(user.id)).status).toBe(401);
  });

  it('gives the user a zip of every row that is theirs and the bytes of their files', async () => {
    const res = await exportOf(user.id, user.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="letsema-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const { files, data } = await unzipped(res);
    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('data.json');

    const [account] = data.tables.users ?? [];
    expect(account).toMatchObject({ id: user.id, firstName: FIRST, msisdn: PHONE, addressLine1: STREET });
    expect(account).not.toHaveProperty('passwordHash');
    expect(idsIn(data, 'donations')).toEqual(expect.arrayContaining([signedInGift, guestGift]));
    const gift = data.tables.donations?.find((row) => row.id === signedInGift);
    expect(gift).toMatchObject({ amount: '250.00', tipAmount: '30.00', currency: 'ZAR' });
    expect(String(gift?.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(idsIn(data, 'recurring_donations')).toContain(monthly.donationSchedulerId);
    expect(data.tables.recurring_donations?.[0]).not.toHaveProperty('gatewayToken');
    expect((data.tables.gateway_notifications ?? []).length).toBeGreaterThanOrEqual(2);
    expect(idsIn(data, 'campaigns')).toContain(ownCampaign.id);
    expect((data.tables.campaign_updates ?? []).length).toBe(1);
    expect((data.tables.banking_details ?? []).map((row) => row.accountHolderName)).toContain(
      `${FIRST} ${LAST}`,
    );
    expect((data.tables.organisations ?? []).map((row) => row.mainContactEmail)).toContain(EMAIL);
    expect((data.tables.organisation_users ?? []).length).toBe(1);
    expect((data.tables.team_members ?? []).map((row) => row.campaignId)).toContain(hostCampaign.id);
    expect(data.tables.team_members?.[0]).not.toHaveProperty('inviteTokenHash');
    expect(data.tables.refresh_tokens?.[0]).not.toHaveProperty('tokenHash');
    expect(data.tables.donation_receipts?.[0]).toMatchObject({
      donationId: signedInGift,
      donorTaxNumber: TAX_NUMBER,
    });
    // Their reports, signed in or by their address, with what they wrote.
    expect(idsIn(data, 'reports')).toEqual(expect.arrayContaining(reportIds));
    expect((data.tables.reports ?? []).map((row) => row.details)).toContain(
      `I, ${FIRST} ${LAST}, could not reach the organisers by phone.`,
    );
    expect(data.tables.refund_requests).toEqual([
      expect.objectContaining({ id: refundRequestId, donationId: signedInGift, reason: REFUND_REASON }),
    ]);

    // Every stored file of theirs, with the bytes the site serves for it.
    const stored = data.tables.stored_files ?? [];
    expect(stored.map((row) => row.originalName)).toEqual(
      expect.arrayContaining([`${marker}-me.png`, `${marker}-id.pdf`]),
    );
    for (const file of stored) {
      const inZip = files[`files/${file.id}/${file.originalName}`];
      expect(inZip, String(file.originalName)).toBeDefined();
      const served = await fetch(`${inject('baseUrl')}${file.url}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(served.status).toBe(200);
      expect(Buffer.from(inZip ?? []).equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
    }
  });

  it.runIf(onPostgres)('holds every row of every table whose foreign key names the user', async () => {
    const { data } = await unzipped(await exportOf(user.id, user.accessToken));
    const references = await withDatabase(async (client) => {
      const keys = await client.query<{ table_name: string; column_name: string }>(`
        select kcu.table_name, kcu.column_name
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
        where ccu.table_name = 'users' and ccu.column_name = 'id'`);
      expect(keys.rows.length).toBeGreaterThanOrEqual(15);
      const found: { table: string; id: string }[] = [];
      for (const { table_name: table, column_name: column } of keys.rows) {
        const key = table === 'organisation_verifications' ? 'organisation_id' : 'id';
        const rows = await client.query<{ id: string }>(
          `select ${key}::text as id from "${table}" where "${column}" = $1`,
          [user.id],
        );
        found.push(...rows.rows.map((row) => ({ table, id: row.id })));
      }
      const byEmail = await client.query<{ id: string }>(
        'select id::text from donations where lower(email) = lower($1)',
        [EMAIL],
      );
      found.push(...byEmail.rows.map((row) => ({ table: 'donations', id: row.id })));
      return found;
    });
    expect(references.length).toBeGreaterThan(10);
    for (const { table, id } of references) {
      expect(idsIn(data, table).map(String), `${table} ${id}`).toContain(id);
    }
  });
});

describe('DELETE /users/{id}', () => {
  it('is refused to anyone but the user, before the body is read', async () => {
    const stranger = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' });
    const res = await send(
      'DELETE',
      `/api/v1/users/${user.id}`,
      { password: TEST_PASSWORD },
      stranger.accessToken,
    );
    expect(res.status).toBe(403);
    const byAdmin = await send('DELETE', `/api/v1/users/${user.id}`, 'not an object', admin);
    expect(byAdmin.status).toBe(403);
  });

  it('asks for the right password and changes nothing on a wrong one', async () => {
    const wrong = await send(
      'DELETE',
      `/api/v1/users/${user.id}`,
      { password: 'not-my-password' },
      user.accessToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta.message).toBe(PRIVACY_MESSAGES.wrongPassword);
    const empty = await send('DELETE', `/api/v1/users/${user.id}`, {}, user.accessToken);
    expect(empty.status).toBe(400);
    expect(empty.body.meta.message).toBe(PRIVACY_MESSAGES.passwordRequired);
    const profile = await send<{ email: string }>(
      'GET',
      `/api/v1/users/${user.id}`,
      undefined,
      user.accessToken,
    );
    expect(profile.body.data.email).toBe(EMAIL);
  });

  it('is refused (409) while a campaign of theirs has money not yet paid out', async () => {
    const owner = await verifyAndLogin({ firstName: 'Lwazi', lastName: 'Raised' });
    const name = `Lwazi walks again ${uniqueWord()}`;
    const campaign = await launchedCampaign(owner.accessToken, { name });
    const gift = await donated(
      donationBody({ campaignUrl: campaign.url, paymentMethod: PaymentGateway.EFT, tipOrAdminFeeAmount: 0 }),
    );
    expect(await eftReceived(gift, admin)).toBe(200);
    const res = await send(
      'DELETE',
      `/api/v1/users/${owner.id}`,
      { password: owner.password },
      owner.accessToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toContain(name);
    expect(res.body.meta.message).toContain('R 250.00 available for payout');
    expect((await loginAs(owner.email, owner.password)).accessToken).toBeTruthy();
  });

  it('is refused (409) while a campaign of theirs owes money after a refund made once it was paid out', async () => {
    const owner = await verifyAndLogin({ firstName: 'Lwazi', lastName: 'Owes' });
    const name = `Lwazi owes ${uniqueWord()}`;
    const campaign = await launchedCampaign(owner.accessToken, { name });
    const gift = await donated(
      donationBody({ campaignUrl: campaign.url, paymentMethod: PaymentGateway.EFT, tipOrAdminFeeAmount: 0 }),
    );
    expect(await eftReceived(gift, admin)).toBe(200);
    await acceptedCampaignBanking(owner.accessToken, campaign.id, admin);
    const payout = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 250 }],
      description: 'Wheelchair',
      notes: '',
    });
    expect(payout.status, payout.text).toBe(201);
    const refund = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/refund`,
      { reason: 'Paid twice.', bankReference: 'FNB 77' },
      admin,
    );
    expect(refund.status, refund.text).toBe(201);
    const res = await send(
      'DELETE',
      `/api/v1/users/${owner.id}`,
      { password: owner.password },
      owner.accessToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe(
      `Your account cannot be deleted yet: the campaign “${name}” owes R 250.00 after refunds made once its money was paid out. Please contact support to settle it, then delete your account.`,
    );
  });

  it('erases the account and keeps the gifts in the totals as Anonymous', async () => {
    const before = (await publicDetail(hostCampaign.url)).body.data;
    const res = await send<null>(
      'DELETE',
      `/api/v1/users/${user.id}`,
      { password: TEST_PASSWORD },
      user.accessToken,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.message).toBe(PRIVACY_MESSAGES.deleted);

    // Signed out everywhere.
    expect((await send('GET', `/api/v1/users/${user.id}`, undefined, user.accessToken)).status).toBe(401);

    // The campaign's total still counts the gift, shown as Anonymous.
    const after = (await publicDetail(hostCampaign.url)).body.data;
    expect(after.totalRaised).toBe(before.totalRaised);
    expect(after.uniqueDonors).toBe(before.uniqueDonors);
    const listed = (await campaignDonations(hostCampaign.url)).body.data as { items?: unknown[] } | unknown[];
    const items = (Array.isArray(listed) ? listed : (listed.items ?? [])) as { id: string; name: string }[];
    expect(items.find((d) => d.id === signedInGift)?.name).toBe('Anonymous');
    const page = await fetch(`${inject('baseUrl')}/campaign/${hostCampaign.url}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Anonymous');
    expect(html).not.toContain(FIRST);

    // Their own campaign is hidden from the public.
    expect((await publicDetail(ownCampaign.url)).status).toBe(404);

    // Their reports stay for staff, without their address or their name in the text.
    const reported = await hostCampaignReports();
    expect(reported.map((report) => report.id).sort()).toEqual([...reportIds].sort());
    for (const report of reported) {
      expect(report.email).toBeNull();
      expect(report.details).not.toContain(FIRST);
      expect(report.details).not.toContain(LAST);
    }

    // Their refund request still waits for staff, without the reason they typed.
    const waiting = await send<AdminRefundRequest[]>(
      'GET',
      '/api/v1/admin/refund-requests',
      undefined,
      admin,
    );
    expect(waiting.status, waiting.text).toBe(200);
    const request = waiting.body.data.find((r) => r.id === refundRequestId);
    expect(request).toMatchObject({ reason: '', donorName: 'Anonymous' });

    // The monthly gift was stopped at PayFast.
    const schedule = await send<{ status: number }>(
      'GET',
      `/api/v1/donationsscheduler/${encodeURIComponent(monthly.jwtTokenStringDonationId)}`,
    );
    expect(schedule.body.data.status).toBe(4);
  });

  it.runIf(onPostgres)(
    'leaves none of the user’s values in any text or JSON column of any table',
    async () => {
      const leftovers = await withDatabase(async (client) => {
        const columns = await client.query<{ table_name: string; column_name: string }>(`
        select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'jsonb', 'json')`);
        expect(columns.rows.length).toBeGreaterThan(50);
        const found: string[] = [];
        for (const { table_name: table, column_name: column } of columns.rows) {
          for (const value of MARKERS) {
            const rows = await client.query<{ value: string }>(
              `select "${column}"::text as value from "${table}" where "${column}"::text ilike $1`,
              [`%${value}%`],
            );
            found.push(...rows.rows.map((row) => `${table}.${column}: ${row.value.slice(0, 120)}`));
          }
        }
        return found;
      });
      expect(leftovers).toEqual([]);
    },
  );

  // After the scan: a login attempt and a new registration put the address back in the database.
  it('refuses the old login, and lets the address register a new account', async () => {
    const login = await send('POST', '/api/v1/authentication/login', {
      email: EMAIL,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(400);
    const again = await registerUser({ email: EMAIL, firstName: 'Zanele', lastName: 'Again' });
    expect(again.id).not.toBe(user.id);
  });
});

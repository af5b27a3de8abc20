import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaignHit } from '~/lib/contracts/admin';
import type { CreatedRecurrence, Recurrence, RecurringChargesPage } from '~/lib/contracts/donations';
import { DonationStatus, PaymentGateway, RecurringStatus } from '~/lib/enums';
import { mailsTo, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, ownerView, type SavedCampaign } from './support/campaigns';
import { donationBody, solveCaptcha } from './support/donations';
import { baseUrl } from './support/http';

// Monthly gifts by Paysoft debit order (7): the account is checked (CDV) before anything is
// submitted, each month's debit goes to the simulated Paysoft from the simulator's clock, and a
// month's result set at /sandbox/paysoft is booked once, read back from Paysoft's API.

const CDV_MESSAGE = 'The account number or branch code entered is invalid, please try again.';
const NOT_OFFERED = 'This payment method is not available for this campaign and currency.';
const CAPITEC = 16;
const ID_NUMBER = '8001015009087';

let admin: string;
let owner: string;
let campaign: SavedCampaign;
let campaignName: string;

beforeAll(async () => {
  [admin, owner] = await Promise.all([demoToken('nomvula'), demoToken('lindiwe')]);
  campaign = await launchedCampaign(owner, { settings: { isRecurringGivingCampaign: true } });
  campaignName = (await ownerView(owner, campaign.id)).name;
});

function debitOrderBody(email: string, overrides: Record<string, unknown> = {}, debitOrder = {}) {
  return donationBody({
    campaignUrl: campaign.url,
    paymentMethod: PaymentGateway.Paysoft,
    amount: 150,
    tipOrAdminFeeAmount: 0,
    term: 0,
    deductionDate: 0,
    cardConsent: true,
    mobileNumber: '0821234567',
    email,
    ...overrides,
    debitOrder: {
      bankId: CAPITEC,
      accountType: 0,
      accountNumber: '1234567890',
      accountHolderName: 'Thandi Mokoena',
      idNumber: ID_NUMBER,
      mandateAccepted: true,
      ...debitOrder,
    },
  });
}

/** The donor's mails about this campaign's gifts (not the account's own mails). */
async function donationMails(email: string) {
  return (await mailsTo(email)).filter((m) => m.subject.includes(campaignName));
}

async function raised(): Promise<number> {
  const res = await send<{ donationsReceivedTotal: number }>(
    'GET',
    `/api/v1/campaigns/${campaign.id}`,
    undefined,
    owner,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.donationsReceivedTotal;
}

async function sandbox(fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}/sandbox/paysoft`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, text: await res.text() };
}

/** The simulator's clock: our server submits what is due on `date`. */
async function collect(date: string): Promise<void> {
  const res = await sandbox({ action: 'collect', date });
  expect(res.status, res.text).toBe(200);
}

/** A person sets a month's result at the simulator, which sends Paysoft's callback. */
async function result(reference: string, status: string, amount?: string): Promise<void> {
  const res = await sandbox({ action: 'result', reference, status, ...(amount ? { amount } : {}) });
  expect(res.status, res.text).toBe(200);
}

/** Paysoft's callback for a batch, as anyone could post it. */
function callback(uniqueId: string, extra = ''): Promise<Response> {
  const request = `<APIDebitOrderCallback><UniqueId>${uniqueId}</UniqueId>${extra}</APIDebitOrderCallback>`;
  return fetch(`${baseUrl}/api/v1/payments/paysoft/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request }).toString(),
  });
}

async function schedule(token: string): Promise<Recurrence> {
  const res = await send<Recurrence>('GET', `/api/v1/donationsscheduler/${encodeURIComponent(token)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function charges(token: string): Promise<RecurringChargesPage['items']> {
  const res = await send<RecurringChargesPage>(
    'GET',
    `/api/v1/donationsscheduler/${encodeURIComponent(token)}/charges?pageSize=50`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

const chargeRef = (reference: string, date: string) => `${reference}-${date.slice(0, 7).replace('-', '')}`;

/** Collects the schedule's next month and returns that month's charge reference. */
async function collectNext(token: string, reference: string): Promise<string> {
  const next = (await schedule(token)).nextDeductionDate;
  expect(next).not.toBeNull();
  await collect(next as string);
  return chargeRef(reference, next as string);
}

/** A signed-in donor's, or a guest's (who solves the captcha). */
async function start(email: string, accessToken?: string): Promise<CreatedRecurrence> {
  const captcha = accessToken ? {} : { recaptchaToken: await solveCaptcha() };
  const res = await send<CreatedRecurrence>(
    'POST',
    '/api/v1/donationsscheduler',
    debitOrderBody(email, captcha),
    accessToken,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe('the back office switches debit orders and SnapScan per campaign', () => {
  it('offers no debit order until a platform admin switches it on; the owner cannot', async () => {
    const donor = await verifyAndLogin({ firstName: 'Thandi', lastName: 'Before' });
    const refused = await send(
      'POST',
      '/api/v1/donationsscheduler',
      debitOrderBody(donor.email),
      donor.accessToken,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toBe(NOT_OFFERED);

    const byOwner = await send('PATCH', `/api/v1/admin/campaigns/${campaign.id}`, { paysoft: true }, owner);
    expect(byOwner.status).toBe(403);

    const off = await send<AdminCampaignHit>(
      'PATCH',
      `/api/v1/admin/campaigns/${campaign.id}`,
      { snapscan: false },
      admin,
    );
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.gateways).toEqual({ paysoft: false, snapscan: false });
    const on = await send<AdminCampaignHit>(
      'PATCH',
      `/api/v1/admin/campaigns/${campaign.id}`,
      { paysoft: true, snapscan: true },
      admin,
    );
    expect(on.status, on.text).toBe(200);
    expect(on.body.data.gateways).toEqual({ paysoft: true, snapscan: true });

    const detail = await send<{ campaignSetting: { showGateways: Record<string, boolean> } }>(
      'GET',
      `/api/v1/campaigns/${campaign.id}`,
      undefined,
      owner,
    );
    expect(detail.body.data.campaignSetting.showGateways).toMatchObject({ paysoft: true });

    const audit = await send<{ items: { action: string; entityId: string }[] }>(
      'GET',
      `/api/v1/admin/audit?entityId=${campaign.id}`,
      undefined,
      admin,
    );
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.data.items.length).toBeGreaterThanOrEqual(2);
  });
});

describe('POST /donationsscheduler with paymentMethod 7 (Paysoft debit order)', () => {
  it("answers SPEC's message for an account that fails CDV, here or at Paysoft, and keeps nothing", async () => {
    const donor = await verifyAndLogin({ firstName: 'Thandi', lastName: 'Cdv' });
    for (const debitOrder of [{ accountNumber: '12345' }, { bankId: 57 }, { accountNumber: '0001234567' }]) {
      const res = await send(
        'POST',
        '/api/v1/donationsscheduler',
        debitOrderBody(donor.email, {}, debitOrder),
        donor.accessToken,
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.meta.message).toBe(CDV_MESSAGE);
    }
    const bad = await send(
      'POST',
      '/api/v1/donationsscheduler',
      debitOrderBody(donor.email, {}, { idNumber: '8001015009086', mandateAccepted: false }),
      donor.accessToken,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Please enter a valid South African ID number.');
    expect(JSON.stringify(bad.body)).toContain('Please accept the debit order mandate.');
    const mine = await send<{ items: unknown[] }>(
      'GET',
      '/api/v1/donations/user/recurring',
      undefined,
      donor.accessToken,
    );
    expect(mine.body.data.items).toHaveLength(0);
    expect(await donationMails(donor.email)).toHaveLength(0);
  });

  it('three monthly collections, one unpaid, give the right charges, mails and totals; replays, forgeries and wrong amounts change nothing', async () => {
    const donor = await verifyAndLogin({ firstName: 'Thandi', lastName: 'Monthly' });
    const before = await raised();
    const created = await start(donor.email, donor.accessToken);
    const token = created.jwtTokenStringDonationId;
    const reference = created.transactionInfo.referenceNumber;
    expect(created.paymentMethod).toBe(PaymentGateway.Paysoft);
    expect(created.status).toBe(RecurringStatus.Active);
    // Nothing to pay now: the donor goes on to the thank-you page.
    expect(created.transactionInfo.paymentUrl).toContain('/thanks');
    expect(created.debitOrder).toMatchObject({
      bankName: 'Capitec Bank',
      branchCode: '470010',
      accountNumber: '••••••7890',
    });
    expect(JSON.stringify(created)).not.toContain('1234567890');
    expect(JSON.stringify(created)).not.toContain(ID_NUMBER);
    const setUp = await donationMails(donor.email);
    expect(setUp.map((m) => m.subject)).toEqual([`Your debit order for ${campaignName} is set up`]);
    expect(setUp[0]?.text).toContain('Paysoft');
    expect(setUp[0]?.text).not.toContain('1234567890');

    const first = await collectNext(token, reference);
    await result(first, 'Paid');
    const second = await collectNext(token, reference);
    await result(second, 'Unpaid');
    const third = await collectNext(token, reference);
    await result(third, 'Paid');

    const rows = await charges(token);
    const byRef = new Map(rows.map((r) => [r.donation.transactionInfo.referenceNumber, r.donation]));
    expect(rows).toHaveLength(3);
    expect(byRef.get(first)?.status).toBe(DonationStatus.Accepted);
    expect(byRef.get(second)?.status).toBe(DonationStatus.Rejected);
    expect(byRef.get(third)?.status).toBe(DonationStatus.Accepted);
    expect(await raised()).toBe(before + 300);
    const now = await schedule(token);
    expect(now.deductionsMade).toBe(2);
    expect(now.status).toBe(RecurringStatus.Active);
    const subjects = (await donationMails(donor.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('was not paid'))).toHaveLength(1);

    // Replayed and shuffled: booked once.
    const mailCount = subjects.length;
    for (const id of [third, first, second, third, first]) expect((await callback(id)).status).toBe(200);
    expect(await raised()).toBe(before + 300);
    expect((await charges(token)).map((r) => r.donation.status).sort()).toEqual(
      [DonationStatus.Accepted, DonationStatus.Accepted, DonationStatus.Rejected].sort(),
    );
    expect(await donationMails(donor.email)).toHaveLength(mailCount);

    // A forged callback, for a month Paysoft has no result for, with results in its body: nothing.
    const fourth = await collectNext(token, reference);
    const forged = await callback(
      fourth,
      `<Transaction><Reference>${fourth}</Reference><TransactionId>X1</TransactionId><Status>Paid</Status><Amount>150.00</Amount></Transaction>`,
    );
    expect(forged.status).toBe(200);
    expect(
      (await charges(token)).find((r) => r.donation.transactionInfo.referenceNumber === fourth)?.donation
        .status,
    ).toBe(DonationStatus.Pending);
    expect(await raised()).toBe(before + 300);

    // Paysoft reports another amount: not booked.
    await result(fourth, 'Paid', '1.50');
    expect(
      (await charges(token)).find((r) => r.donation.transactionInfo.referenceNumber === fourth)?.donation
        .status,
    ).toBe(DonationStatus.Pending);
    expect(await raised()).toBe(before + 300);

    // A paid month the donor's bank reverses: taken off the total.
    await result(third, 'Reversed');
    expect(await raised()).toBe(before + 150);
  });

  it('stops after three unpaid months in a row and mails the donor', async () => {
    const email = `paysoft-stop-${Date.now()}@example.test`;
    const created = await start(email);
    const token = created.jwtTokenStringDonationId;
    const reference = created.transactionInfo.referenceNumber;
    for (let month = 0; month < 3; month++) await result(await collectNext(token, reference), 'Unpaid');
    const stopped = await schedule(token);
    expect(stopped.status).toBe(RecurringStatus.CanceledAtTransaction);
    expect(stopped.nextDeductionDate).toBeNull();
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('was not paid'))).toHaveLength(2);
    expect(subjects).toContain(`Your debit order for ${campaignName} has stopped`);
  });

  it('changes and cancels like a card subscription: nothing more is submitted after a cancel', async () => {
    const email = `paysoft-cancel-${Date.now()}@example.test`;
    const created = await start(email);
    const token = created.jwtTokenStringDonationId;
    const reference = created.transactionInfo.referenceNumber;
    const changed = await send<Recurrence>(
      'PATCH',
      `/api/v1/donationsscheduler/${encodeURIComponent(token)}`,
      {
        amount: 200,
        term: 0,
        deductionDate: 2,
      },
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.amount).toBe(200);
    const month = await collectNext(token, reference);
    await result(month, 'Paid');
    expect(
      (await charges(token)).find((r) => r.donation.transactionInfo.referenceNumber === month)?.donation
        .amount,
    ).toBe(200);

    const next = (await schedule(token)).nextDeductionDate as string;
    const cancelled = await send('PATCH', `/api/v1/donationsscheduler/${encodeURIComponent(token)}`, {
      donationSchedulerStatus: 4,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.meta.message).toBe('Donation cancelled');
    // Counted after the cancel: the money-stress test's clock, running alongside, may have submitted
    // the next month before it; after the cancel, no run submits anything more.
    const submitted = (await charges(token)).length;
    expect(submitted).toBeGreaterThanOrEqual(1);
    await collect(next);
    expect(await charges(token)).toHaveLength(submitted);
    expect((await schedule(token)).status).toBe(RecurringStatus.CanceledAtManage);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain(
      `Your monthly donation to ${campaignName} is cancelled`,
    );
  });
});

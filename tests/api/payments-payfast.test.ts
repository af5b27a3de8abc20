import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedRecurrence, Recurrence } from '~/lib/contracts/donations';
import { DonationStatus, PaymentGateway, RecurringStatus } from '~/lib/enums';
import { payfastApiSignature } from '~/lib/server/payments/payfastSignature';
import { eventually } from '../support/eventually';
import { send } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, donorEmail, pollDonation } from './support/donations';
import { baseUrl } from './support/http';
import {
  checkout,
  choose,
  formOf,
  itnFor,
  itns,
  NOTIFY_PATH,
  PASSPHRASE,
  payAtSimulator,
  resigned,
} from './support/payfast';

// PayFast end to end through the simulator: the donation API starts a checkout, the simulator
// (speaking PayFast's protocol) sends the signed ITN to our notify URL, and settlement books it.
// The API test server trusts ITNs from 127.0.0.1 only (PAYFAST_VALID_SOURCES in global-setup.ts).

let token: string;
let campaign: SavedCampaign;

beforeAll(async () => {
  token = await demoToken('lindiwe');
  campaign = await launchedCampaign(token, { settings: { isRecurringGivingCampaign: true } });
});

async function totals(): Promise<{ raised: number; donors: number }> {
  const res = await publicDetail(campaign.url);
  expect(res.status, res.text).toBe(200);
  return { raised: res.body.data.donationsReceivedTotal, donors: res.body.data.uniqueDonors };
}

/** A pending PayFast donation to this file's campaign, by a signed-in donor with their own e-mail. */
function payfastDonation(amount: number, tip = 0): Promise<DonationData> {
  return donated(
    donationBody({
      campaignUrl: campaign.url,
      paymentMethod: PaymentGateway.PayFast,
      amount,
      tipOrAdminFeeAmount: tip,
      email: donorEmail('payfast'),
    }),
    token,
  );
}

/** Posts an ITN body to our notify URL from `localAddress` (127.0.0.2 is not a trusted source here). */
function postItn(body: string, localAddress = '127.0.0.1'): Promise<number> {
  const url = new URL(NOTIFY_PATH, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A payment known to be booked: a fresh donation paid through the simulator and polled
 * until Accepted. It goes through the same checks, and a whole checkout later, than the
 * ITNs posted before it, so once it is booked those have been handled (tests poll, never sleep).
 */
async function bookedBarrier(amount = 20): Promise<DonationData> {
  const donation = await payfastDonation(amount);
  await payAtSimulator(donation);
  return pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
}

describe('a once-off PayFast donation', () => {
  it('is paid at the simulator, settles as Accepted, and adds exactly its amount (not the tip) to the campaign', async () => {
    const before = await totals();
    const donation = await payfastDonation(250, 30);
    const form = formOf(donation);
    expect(form.action).toBe(`${baseUrl}/sandbox/payfast/eng/process`);
    expect(form.fields).toMatchObject({
      merchant_id: '10000100',
      m_payment_id: donation.transactionInfo.referenceNumber,
      amount: '280.00',
      notify_url: `${baseUrl}${NOTIFY_PATH}`,
      cell_number: '0821234567',
    });

    const page = await checkout(form.action, form.fields);
    expect(page.status).toBe(200);
    expect(page.html).toContain('R 280.00');
    for (const button of ['Pay', 'Cancel', 'Fail']) expect(page.html).toContain(`>${button}</button>`);
    const location = await choose(page.id ?? '', 'pay');
    expect(location).toBe(
      `${baseUrl}/thanks?donation=${encodeURIComponent(donation.jwtTokenStringDonationId)}`,
    );

    const settled = await pollDonation(
      donation.jwtTokenStringDonationId,
      (d) => d.status === DonationStatus.Accepted,
    );
    expect(settled.settledAt).not.toBeNull();
    const after = await totals();
    expect(after.raised).toBeCloseTo(before.raised + 250, 2);
    expect(after.donors).toBe(before.donors + 1);

    // The ITN the simulator sent, and the server confirmation it answers.
    const sent = await itnFor(donation.transactionInfo.referenceNumber);
    expect(sent.delivery).toBe(200);
    expect(Object.fromEntries(sent.fields)).toMatchObject({
      payment_status: 'COMPLETE',
      amount_gross: '280.00',
      merchant_id: '10000100',
    });
    const { signature: _s, ...unsigned } = Object.fromEntries(sent.fields);
    const valid = await fetch(`${baseUrl}/sandbox/payfast/eng/query/validate`, {
      method: 'POST',
      body: new URLSearchParams(unsigned),
    });
    expect(await valid.text()).toBe('VALID');
    const invalid = await fetch(`${baseUrl}/sandbox/payfast/eng/query/validate`, {
      method: 'POST',
      body: new URLSearchParams({ ...unsigned, amount_gross: '1.00' }),
    });
    expect(await invalid.text()).toBe('INVALID');
  });

  it('Fail: the donation is Rejected and the campaign total stays', async () => {
    const before = await totals();
    const donation = await payfastDonation(75);
    const location = await payAtSimulator(donation, 'fail');
    expect(location).toContain('/thanks?donation=');
    const rejected = await pollDonation(
      donation.jwtTokenStringDonationId,
      (d) => d.status !== DonationStatus.Pending,
    );
    expect(rejected.status).toBe(DonationStatus.Rejected);
    expect((await totals()).raised).toBe(before.raised);
  });

  it('Cancel: back to the campaign with no notification; the donation stays Pending', async () => {
    const donation = await payfastDonation(60);
    // Other files pay at the simulator meanwhile: count this donation's ITNs only.
    const sentFor = async (): Promise<number> =>
      (await itns()).filter((itn) =>
        itn.fields.some(([n, v]) => n === 'm_payment_id' && v === donation.transactionInfo.referenceNumber),
      ).length;
    const sentBefore = await sentFor();
    const location = await payAtSimulator(donation, 'cancel');
    expect(location).toBe(
      `${baseUrl}/donation/${campaign.url}?cancelled=${encodeURIComponent(donation.jwtTokenStringDonationId)}`,
    );
    expect(await sentFor()).toBe(sentBefore);
    await bookedBarrier();
    const res = await send<DonationData>(
      'GET',
      `/api/v1/donations/list/${donation.jwtTokenStringDonationId}`,
    );
    expect(res.body.data.status).toBe(DonationStatus.Pending);
  });

  it('the simulator refuses a checkout whose signature or merchant does not match', async () => {
    const donation = await payfastDonation(40);
    const form = formOf(donation);
    const tampered = await checkout(form.action, { ...form.fields, amount: '4.00' });
    expect(tampered.status).toBe(400);
    expect(tampered.html).toContain('signature');
    expect(tampered.id).toBeNull();
    const otherMerchant = await checkout(form.action, resigned(form.fields, { merchant_key: 'not-the-key' }));
    expect(otherMerchant.status).toBe(400);
    expect(otherMerchant.html).toContain('Merchant is invalid');
  });
});

describe('ITNs that must change nothing', () => {
  it('a bad signature, an unknown source and a wrong amount are ignored; the genuine ITN then counts once', async () => {
    const before = await totals();
    const donation = await payfastDonation(120, 10);
    const reference = donation.transactionInfo.referenceNumber;

    // A genuine, simulator-signed ITN that was never delivered (its notify URL is a page this site does not have).
    await payAtSimulator(donation, 'pay', { notify_url: `${baseUrl}/nowhere` });
    const genuine = await itnFor(reference);
    expect(genuine.delivery).not.toBe(200);

    // 1. Bad signature.
    const forged = genuine.body.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(32)}`);
    expect(await postItn(forged)).toBe(200);
    // 2. Unknown source: the genuine ITN, but from 127.0.0.2.
    expect(await postItn(genuine.body, '127.0.0.2')).toBe(200);
    // 3. A wrong amount, confirmed by PayFast (a checkout re-signed for R 10.00 less).
    await payAtSimulator(donation, 'pay', { amount: '120.00' });
    const wrongAmount = await itnFor(reference);
    expect(wrongAmount?.fields).toContainEqual(['amount_gross', '120.00']);
    expect(wrongAmount?.delivery).toBe(200);

    await bookedBarrier();
    const untouched = await send<DonationData>(
      'GET',
      `/api/v1/donations/list/${donation.jwtTokenStringDonationId}`,
    );
    expect(untouched.body.data.status).toBe(DonationStatus.Pending);
    const middle = await totals();
    expect(middle.raised).toBeCloseTo(before.raised + 20, 2);
    expect(middle.donors).toBe(before.donors + 1);

    // The genuine ITN from PayFast's address is booked.
    expect(await postItn(genuine.body)).toBe(200);
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
    const paid = await totals();
    expect(paid.raised).toBeCloseTo(middle.raised + 120, 2);
    expect(paid.donors).toBe(middle.donors + 1);

    // 4. A replay counts once.
    expect(await postItn(genuine.body)).toBe(200);
    expect(await postItn(genuine.body)).toBe(200);
    await bookedBarrier(25);
    const replayed = await totals();
    expect(replayed.raised).toBeCloseTo(paid.raised + 25, 2);
    expect(replayed.donors).toBe(paid.donors + 1);
  });

  it('the notify URL answers 200 with an empty body whatever it is sent', async () => {
    const response = await fetch(`${baseUrl}${NOTIFY_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'm_payment_id=nothing&signature=nonsense',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('a recurring PayFast donation', () => {
  async function myRecurrence(id: string): Promise<Recurrence> {
    const res = await send<{ items: { donationScheduler: { recurrence: Recurrence } }[] }>(
      'GET',
      '/api/v1/donations/user/recurring?pageSize=50',
      undefined,
      token,
    );
    expect(res.status, res.text).toBe(200);
    const found = res.body.data.items.find((i) => i.donationScheduler.recurrence.donationSchedulerId === id);
    if (!found) throw new Error(`recurring donation ${id} not in the list`);
    return found.donationScheduler.recurrence;
  }

  async function pollRecurrence(id: string, predicate: (r: Recurrence) => boolean): Promise<Recurrence> {
    return eventually(async () => {
      const recurrence = await myRecurrence(id);
      if (!predicate(recurrence)) throw new Error(`recurrence stayed ${JSON.stringify(recurrence)}`);
      return recurrence;
    });
  }

  it('subscribes at the simulator, is charged monthly, and is cancelled at PayFast too', async () => {
    const before = await totals();
    const created = await send<CreatedRecurrence>(
      'POST',
      '/api/v1/donationsscheduler',
      donationBody({
        campaignUrl: campaign.url,
        paymentMethod: PaymentGateway.PayFast,
        amount: 100,
        tipOrAdminFeeAmount: 5,
        onceOffAmount: 50,
        term: 3,
        deductionDate: 1,
        cardConsent: true,
        email: donorEmail('monthly'),
      }),
      token,
    );
    expect(created.status, created.text).toBe(201);
    const schedule = created.body.data;
    const form = formOf(schedule);
    expect(form.fields).toMatchObject({
      amount: '155.00',
      subscription_type: '1',
      recurring_amount: '105.00',
      frequency: '3',
      cycles: '6',
    });

    const page = await checkout(form.action, form.fields);
    expect(page.status).toBe(200);
    expect(page.html).toContain('R 105.00');
    expect(page.html).toContain('6 payments');
    await choose(page.id ?? '', 'pay');

    const active = await pollRecurrence(
      schedule.donationSchedulerId,
      (r) => r.status !== RecurringStatus.PendingSettlement,
    );
    expect(active).toMatchObject({ status: RecurringStatus.Active, deductionsMade: 1 });
    expect(active.nextDeductionDate).toBe(form.fields.billing_date);
    const first = await itnFor(schedule.transactionInfo.referenceNumber);
    const subscriptionToken = Object.fromEntries(first.fields).token ?? '';
    expect(subscriptionToken).not.toBe('');
    const afterFirst = await totals();
    // The first charge carries the once-off amount; the tip is never the campaign's.
    expect(afterFirst.raised).toBeCloseTo(before.raised + 150, 2);

    // The next month's charge.
    const charge = await fetch(`${baseUrl}/sandbox/payfast/api/subscriptions/${subscriptionToken}/charge`, {
      method: 'POST',
    });
    expect(charge.status, await charge.clone().text()).toBe(200);
    const second = await pollRecurrence(schedule.donationSchedulerId, (r) => r.deductionsMade === 2);
    expect(second.status).toBe(RecurringStatus.Active);
    expect(second.nextDeductionDate && second.nextDeductionDate > (active.nextDeductionDate ?? '')).toBe(
      true,
    );
    const afterSecond = await totals();
    expect(afterSecond.raised).toBeCloseTo(afterFirst.raised + 100, 2);
    // The same donor gives again: still one donor.
    expect(afterSecond.donors).toBe(afterFirst.donors);

    // Replaying the charge's ITN books nothing more.
    const chargeItn = await itnFor(schedule.transactionInfo.referenceNumber);
    expect(chargeItn?.fields).toContainEqual(['token', subscriptionToken]);
    expect(await postItn(chargeItn?.body ?? '')).toBe(200);
    await bookedBarrier(30);
    expect((await myRecurrence(schedule.donationSchedulerId)).deductionsMade).toBe(2);
    expect((await totals()).raised).toBeCloseTo(afterSecond.raised + 30, 2);

    // The donor changes the amount: PayFast's subscription follows.
    const changed = await send<Recurrence>(
      'PATCH',
      `/api/v1/donationsscheduler/${encodeURIComponent(schedule.jwtTokenStringDonationId)}`,
      { amount: 120, term: 3, deductionDate: 1 },
    );
    expect(changed.status, changed.text).toBe(200);
    const monthlyCents = Math.round((changed.body.data.amount + changed.body.data.tipOrAdminFeeAmount) * 100);
    const fetched = await subscriptionApi('GET', subscriptionToken, 'fetch');
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      code: 200,
      status: 'success',
      data: { response: { amount: monthlyCents, status_text: 'ACTIVE' } },
    });

    // The donor cancels; PayFast's subscription is cancelled too.
    const cancelled = await send<Recurrence>(
      'PATCH',
      `/api/v1/donationsscheduler/${encodeURIComponent(schedule.jwtTokenStringDonationId)}`,
      { donationSchedulerStatus: 4 },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.data.status).toBe(RecurringStatus.CanceledAtManage);
    const atPayfast = await fetch(
      `${baseUrl}/sandbox/payfast/api/subscriptions/${subscriptionToken}/charge`,
      {
        method: 'POST',
      },
    );
    expect(atPayfast.status).toBe(400);
    expect(await atPayfast.json()).toMatchObject({
      status: 'failed',
      data: { response: 'Subscription is cancelled.' },
    });
    const shown = await subscriptionApi('GET', subscriptionToken, 'fetch');
    expect(shown.body).toMatchObject({
      data: { response: { status_text: 'CANCELLED', cycles_complete: 2 } },
    });
  });
});

/** A call to the simulator's subscription API with PayFast's signed headers (or `signature` to override). */
async function subscriptionApi(
  method: string,
  subscriptionToken: string,
  action: string,
  body?: Record<string, string | number>,
  signature?: string,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {
    'merchant-id': '10000100',
    version: 'v1',
    timestamp: new Date().toISOString().slice(0, 19),
  };
  const signed = Object.fromEntries(Object.entries(body ?? {}).map(([n, v]) => [n, String(v)]));
  headers.signature = signature ?? payfastApiSignature({ ...headers, ...signed }, PASSPHRASE);
  const response = await fetch(
    `${baseUrl}/sandbox/payfast/api/subscriptions/${subscriptionToken}/${action}`,
    {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    },
  );
  return { status: response.status, body: await response.json() };
}

describe("the simulator's subscription API", () => {
  it('checks the signature headers, 404s unknown tokens and plays along with seeded demo- tokens', async () => {
    const bad = await subscriptionApi('PUT', 'demo-payfast-token-0001', 'cancel', undefined, '0'.repeat(32));
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 401, status: 'failed' });
    const unknown = await subscriptionApi('PUT', 'no-such-token', 'cancel');
    expect(unknown.status).toBe(404);
    const demoCancel = await subscriptionApi('PUT', 'demo-payfast-token-0001', 'cancel');
    expect(demoCancel).toEqual({
      status: 200,
      body: expect.objectContaining({ code: 200, status: 'success' }),
    });
    const demoUpdate = await subscriptionApi('PATCH', 'demo-payfast-token-0001', 'update', {
      amount: 30000,
      cycles: 0,
      frequency: 3,
      run_date: '2030-01-01',
    });
    expect(demoUpdate.status).toBe(200);
    const wrongMethod = await subscriptionApi('GET', 'demo-payfast-token-0001', 'cancel');
    expect(wrongMethod.status).toBe(405);
  });
});

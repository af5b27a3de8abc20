import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedRecurrence, Recurrence, RecurringChargesPage } from '~/lib/contracts/donations';
import { PaymentGateway, RecurringStatus } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { type DonationData, donationBody } from './support/donations';
import { deliverItn, itnBodiesByReference, payfastWithoutDelivery } from './support/gatewayDeliveries';
import { baseUrl } from './support/http';
import { randomFrom, shuffled } from './support/moneyStress';
import { formOf, itnFor, NOTIFY_PATH, payAtSimulator } from './support/payfast';

// SPEC §3's `6` Recurring is the PayFast card subscription, the same as `8` PayFast: a monthly
// donation started with 6 is a PayFast subscription (subscription_type 1), paid at the simulator,
// booked once from PayFast's ITN, and stored as 8.

let owner: string;
let campaign: SavedCampaign;
let donor: { accessToken: string; email: string };

beforeAll(async () => {
  owner = await demoToken('lindiwe');
  campaign = await launchedCampaign(owner, { settings: { isRecurringGivingCampaign: true } });
  donor = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Recurring' });
});

function recurringBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return donationBody({
    campaignUrl: campaign.url,
    paymentMethod: PaymentGateway.Recurring,
    amount: 150,
    tipOrAdminFeeAmount: 0,
    term: 3,
    deductionDate: 1,
    cardConsent: true,
    mobileNumber: '0821234567',
    email: donor.email,
    ...overrides,
  });
}

const create = (body: Record<string, unknown>) =>
  send<CreatedRecurrence>('POST', '/api/v1/donationsscheduler', body, donor.accessToken);

async function raised(): Promise<number> {
  const res = await publicDetail(campaign.url);
  expect(res.status, res.text).toBe(200);
  return res.body.data.donationsReceivedTotal;
}

async function recurrence(id: string): Promise<Recurrence | undefined> {
  const res = await send<{ items: { donationScheduler: { recurrence: Recurrence } }[] }>(
    'GET',
    '/api/v1/donations/user/recurring?pageSize=50',
    undefined,
    donor.accessToken,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items
    .map((i) => i.donationScheduler.recurrence)
    .find((r) => r.donationSchedulerId === id);
}

async function pollRecurrence(id: string, predicate: (r: Recurrence) => boolean): Promise<Recurrence> {
  return eventually(async () => {
    const found = await recurrence(id);
    if (!found || !predicate(found))
      throw new Error(`recurrence ${id} never matched: ${JSON.stringify(found)}`);
    return found;
  });
}

describe('POST /donationsscheduler with paymentMethod 6 (Recurring)', () => {
  it('starts a PayFast card subscription, stored as PayFast (8)', async () => {
    const res = await create(recurringBody());
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.paymentMethod).toBe(PaymentGateway.PayFast);
    const form = formOf(res.body.data);
    expect(form.action).toBe(`${baseUrl}/sandbox/payfast/eng/process`);
    expect(form.fields).toMatchObject({
      m_payment_id: res.body.data.transactionInfo.referenceNumber,
      amount: '150.00',
      subscription_type: '1',
      frequency: '3',
      recurring_amount: '150.00',
    });
  });

  it('paid at the PayFast simulator, the first charge is booked exactly once (the ITN replayed)', async () => {
    const before = await raised();
    const created = (await create(recurringBody({ amount: 120 }))).body.data;
    const id = created.donationSchedulerId;
    await payAtSimulator(created);
    const booked = await pollRecurrence(id, (r) => r.deductionsMade === 1);
    expect(booked).toMatchObject({ status: RecurringStatus.Active, paymentMethod: PaymentGateway.PayFast });
    expect(await raised()).toBeCloseTo(before + 120, 2);

    // PayFast sends the ITN again (it is booked before our 200, so the answer means handled).
    const itn = await itnFor(created.transactionInfo.referenceNumber);
    for (let i = 0; i < 2; i++) {
      const replay = await fetch(`${baseUrl}${NOTIFY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: itn.body,
      });
      expect(replay.status).toBe(200);
    }
    expect((await recurrence(id))?.deductionsMade).toBe(1);
    const charges = await send<RecurringChargesPage>(
      'GET',
      `/api/v1/donationsscheduler/${encodeURIComponent(id)}/charges`,
      undefined,
      donor.accessToken,
    );
    expect(charges.status, charges.text).toBe(200);
    expect(charges.body.data.items).toHaveLength(1);
    expect(charges.body.data.items[0]?.donation.paymentMethod).toBe(PaymentGateway.PayFast);
    expect(await raised()).toBeCloseTo(before + 120, 2);
  });

  it('books each first charge once when the ITNs arrive at once, shuffled and repeated', async () => {
    const before = await raised();
    const made = await Promise.all(
      [110, 90].map(async (amount) => (await create(recurringBody({ amount }))).body.data),
    );
    // Paid at PayFast; the test holds the ITNs back and delivers them itself.
    for (const created of made) await payfastWithoutDelivery(created as unknown as DonationData, 'pay');
    const bodies = await itnBodiesByReference();
    const itns = made.map((created) => {
      const sent = bodies.get(created.transactionInfo.referenceNumber) ?? [];
      expect(sent).toHaveLength(1);
      return sent[0] as string;
    });
    const sends = itns.flatMap((body) => Array.from({ length: 5 }, () => () => deliverItn(body)));
    await Promise.all(shuffled(sends, randomFrom(Date.now())).map((send) => send()));
    for (const created of made)
      expect((await recurrence(created.donationSchedulerId))?.deductionsMade).toBe(1);
    expect(await raised()).toBeCloseTo(before + 110 + 90, 2);
  });

  it('a forged ITN, a wrong amount, a failed and a cancelled payment change nothing', async () => {
    const before = await raised();
    const forgedFor = (await create(recurringBody({ amount: 130 }))).body.data;
    const wrongFor = (await create(recurringBody({ amount: 140 }))).body.data;
    const failedFor = (await create(recurringBody({ amount: 150 }))).body.data;
    const cancelledFor = (await create(recurringBody({ amount: 160 }))).body.data;

    // A genuine ITN kept back, then posted with another signature: ignored (answered 200 all the same).
    await payfastWithoutDelivery(forgedFor as unknown as DonationData, 'pay');
    const genuine = (await itnBodiesByReference()).get(forgedFor.transactionInfo.referenceNumber)?.[0] ?? '';
    await deliverItn(genuine.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(32)}`));
    // PayFast confirms a payment of R 100 for a R 140 monthly gift: not booked.
    await payfastWithoutDelivery(wrongFor as unknown as DonationData, 'pay', '100.00');
    // PayFast's FAILED ITN; and Cancel, which sends none.
    await payfastWithoutDelivery(failedFor as unknown as DonationData, 'fail');
    expect(await payAtSimulator(cancelledFor, 'cancel')).toContain('cancelled=');
    const bodies = await itnBodiesByReference();
    for (const created of [wrongFor, failedFor])
      for (const body of bodies.get(created.transactionInfo.referenceNumber) ?? []) await deliverItn(body);

    for (const created of [forgedFor, wrongFor, failedFor, cancelledFor]) {
      const found = await recurrence(created.donationSchedulerId);
      expect(found?.deductionsMade, `R ${created.transactionInfo.amount}`).toBe(0);
      expect(found?.status).not.toBe(RecurringStatus.Active);
    }
    expect(await raised()).toBeCloseTo(before, 2);

    // The genuine ITN is then booked, once.
    await deliverItn(genuine);
    await deliverItn(genuine);
    expect((await recurrence(forgedFor.donationSchedulerId))?.deductionsMade).toBe(1);
    expect(await raised()).toBeCloseTo(before + 130, 2);
  });

  it('is refused where PayFast is: in dollars, and for a once-off donation', async () => {
    const dollars = await create(recurringBody({ currencyId: 2 }));
    expect(dollars.status, dollars.text).toBe(400);
    expect(dollars.body.data).toEqual({
      paymentMethod: ['This payment method is not available for this campaign and currency.'],
    });
    const onceOff = await send(
      'POST',
      '/api/v1/donations',
      donationBody({
        campaignUrl: campaign.url,
        paymentMethod: PaymentGateway.Recurring,
        email: donor.email,
      }),
      donor.accessToken,
    );
    expect(onceOff.status, onceOff.text).toBe(400);
  });
});

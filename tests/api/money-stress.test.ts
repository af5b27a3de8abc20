import { beforeAll, describe, expect, it } from 'vitest';
import type { OwnerDonationPage, RecurringChargesPage } from '~/lib/contracts/donations';
import type { CampaignFundingInfo, OrganisationFundingInfo } from '~/lib/contracts/payouts';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { eventually } from '../support/eventually';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  launchedCampaign,
  ownerView,
  publicDetail,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation } from './support/donations';
import {
  debitOrderResult,
  deliverItn,
  deliverOzow,
  eftReceived,
  itnBodiesByReference,
  ozowPress,
  payfastWithoutDelivery,
  paypalDecide,
  paypalReturn,
  paysoftCollect,
  posterPayment,
  STRESS_PAYMENTS,
} from './support/gatewayDeliveries';
import { getData } from './support/http';
import {
  campaignCentsOf,
  DEBIT_ORDER_MONTHS,
  type DebitResult,
  debitStatusOf,
  expectedStatus,
  inFlight,
  METHOD_OF,
  type OtherAccepted,
  once,
  type PlannedDebitOrder,
  type PlannedGift,
  type PlannedPosterPayment,
  planDebitOrders,
  planGifts,
  planPosterPayments,
  randomFrom,
  recountOf,
  shuffled,
} from './support/moneyStress';
import { acceptedCampaignBanking, acceptedOrganisationBanking, requestPayout } from './support/payoutSetup';
import { registerOrganisation } from './support/registeredOrganisation';

/**
 * Issue 14 item 3, on PGlite and PostgreSQL: 500 gifts whose notifications arrive at once, out
 * of order and repeated; the campaign's figures must equal a recount of what was paid.
 * Concurrent payouts never exceed the balance; a monthly donation is charged once per period.
 */

const SEED = Number(process.env.MONEY_STRESS_SEED) || Math.floor(Math.random() * 2 ** 31);
const random = randomFrom(SEED);
/**
 * Requests in flight at once, as a busy gateway and many browsers would send them. 16 by default:
 * the API files share one server, and 50 at once starve the others' tests (PGlite runs one query
 * at a time) past their time limits. MONEY_STRESS_IN_FLIGHT=50 for a heavier run on its own.
 */
const IN_FLIGHT = Number(process.env.MONEY_STRESS_IN_FLIGHT) || 16;
const SIGNED_IN_DONORS = 6;

interface PublicDonation {
  id: string;
  campaignAmount: number;
}

interface Card {
  id: string;
  raisedOnPlatform: number;
}

const cents = (amount: number): number => toCents(amount);

let owner: SignedInAccount;
let admin: string;
let donors: string[];
const word = uniqueWord('money');

beforeAll(async () => {
  console.log(`money-stress seed ${SEED} (rerun with MONEY_STRESS_SEED=${SEED})`);
  owner = await verifyAndLogin({ firstName: 'Busi', lastName: 'Stress' });
  admin = await demoToken('nomvula');
  donors = await Promise.all(
    Array.from(
      { length: SIGNED_IN_DONORS },
      async (_, i) => (await verifyAndLogin({ firstName: `Donor${i}`, lastName: 'Stress' })).accessToken,
    ),
  );
}, 120_000);

function bodyOf(gift: PlannedGift, campaign: SavedCampaign): Record<string, unknown> {
  return donationBody({
    campaignUrl: campaign.url,
    currencyId: gift.currencyId,
    amount: fromCents(gift.amountCents),
    tipOrAdminFeeAmount: fromCents(gift.tipCents),
    paymentMethod: METHOD_OF[gift.gateway],
    email: gift.email,
    anonymous: gift.anonymous,
    comment: `gift ${gift.index}`,
  });
}

/** Every accepted gift on the campaign's public list, all pages. */
async function publicList(campaign: SavedCampaign): Promise<PublicDonation[]> {
  const all: PublicDonation[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await getData<{ items: PublicDonation[]; paginationMetadata: { pageCount: number } }>(
      `/api/v1/donations/list/campaign/${campaign.url}?idType=0&pageSize=50&pageNo=${pageNo}`,
    );
    all.push(...page.items);
    if (pageNo >= page.paginationMetadata.pageCount) return all;
  }
}

async function funding(id: string, token: string): Promise<CampaignFundingInfo> {
  const res = await send<CampaignFundingInfo>('GET', `/api/v1/campaigns/${id}/funding`, undefined, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** An EFT gift of exactly `amountCents` rand that staff mark received. */
async function receivedGift(campaign: SavedCampaign, amountCents: number): Promise<void> {
  const amount = fromCents(amountCents);
  const donation = await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: 0,
      campaignUrl: campaign.url,
    }),
    donors[0],
  );
  expect(await eftReceived(donation, admin)).toBe(200);
}

/** Waits (30 s at most) until the campaign page shows `raisedCents`; fails with what it shows. */
async function expectRaised(campaign: SavedCampaign, raisedCents: number): Promise<void> {
  await eventually(
    async () =>
      expect(
        cents((await publicDetail(campaign.url)).body.data.donationsReceivedTotal),
        'raised on the campaign page',
      ).toBe(raisedCents),
    { timeout: 30_000, interval: 200 },
  );
}

/**
 * A debit order's body for POST /donationsscheduler: monthly on the 25th, from a Capitec account.
 * The 25th, because the simulator's clock submits every debit order due, other test files' too:
 * run for the 25th it reaches no other file's month early (tests/api/payments-paysoft.test.ts
 * collects on the 1st and the 25th).
 */
function debitOrderBody(order: PlannedDebitOrder, campaign: SavedCampaign): Record<string, unknown> {
  return donationBody({
    campaignUrl: campaign.url,
    paymentMethod: PaymentGateway.Paysoft,
    amount: fromCents(order.amountCents),
    tipOrAdminFeeAmount: fromCents(order.tipCents),
    onceOffAmount: fromCents(order.onceOffCents),
    term: 0,
    deductionDate: 2,
    cardConsent: true,
    email: order.email,
    comment: `monthly ${order.index}`,
    debitOrder: {
      bankId: 16,
      accountType: 0,
      accountNumber: '1234567890',
      accountHolderName: `Donor${order.donor} Stress`,
      idNumber: '8001015009087',
      mandateAccepted: true,
    },
  });
}

interface Schedule {
  nextDeductionDate: string | null;
  deductionsMade: number;
}

async function scheduleOf(token: string): Promise<Schedule> {
  const res = await send<Schedule>('GET', `/api/v1/donationsscheduler/${encodeURIComponent(token)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** A debit order's monthly charges, the first month first. */
async function chargesOf(token: string): Promise<RecurringChargesPage['items'][number]['donation'][]> {
  const res = await send<RecurringChargesPage>(
    'GET',
    `/api/v1/donationsscheduler/${encodeURIComponent(token)}/charges?pageSize=50`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items
    .map((item) => item.donation)
    .sort((a, b) => a.transactionInfo.referenceNumber.localeCompare(b.transactionInfo.referenceNumber));
}

/** One month of a debit order, as the test made it and expects it to end. */
interface DebitCharge {
  id: string;
  reference: string;
  result: DebitResult;
  campaignCents: number;
  email: string;
}

describe('500 gifts whose notifications arrive at once, out of order and repeated', () => {
  let campaign: SavedCampaign;
  let gifts: PlannedGift[];
  const made = new Map<number, DonationData>();
  let debitOrders: PlannedDebitOrder[];
  const scheduleTokens = new Map<number, string>();
  const debitCharges: DebitCharge[] = [];
  let posters: PlannedPosterPayment[];
  /** What the debit orders' paid months and the paid poster payments add, and who gave them. */
  const others = (): OtherAccepted[] => [
    ...debitCharges
      .filter((c) => debitStatusOf(c.result) === DonationStatus.Accepted)
      .map((c) => ({ campaignCents: c.campaignCents, donorKey: c.email.toLowerCase() })),
    ...posters
      .filter((p) => p.outcome === 'paid')
      .map((p) => ({ campaignCents: p.amountCents, donorKey: `poster ${p.index}` })),
  ];
  const recount = () => recountOf(gifts, others());

  it('are each booked once: every donation ends as its payment did', async () => {
    // A campaign that takes monthly gifts too, with debit orders switched on by a platform admin.
    campaign = await launchedCampaign(owner.accessToken, {
      name: `Stress test ${word} main`,
      settings: { isRecurringGivingCampaign: true },
    });
    const switched = await send('PATCH', `/api/v1/admin/campaigns/${campaign.id}`, { paysoft: true }, admin);
    expect(switched.status, switched.text).toBe(200);
    gifts = planGifts(random, word, SIGNED_IN_DONORS);
    debitOrders = planDebitOrders(random, word, SIGNED_IN_DONORS);
    posters = planPosterPayments(random);

    // 1. The donors give, 50 at a time; some set up a monthly debit order among them.
    await inFlight(
      shuffled(
        [
          ...gifts.map((gift) => async () => {
            const token = gift.donor === null ? undefined : donors[gift.donor];
            made.set(gift.index, await donated(bodyOf(gift, campaign), token));
          }),
          ...debitOrders.map((order) => async () => {
            const res = await send<{ jwtTokenStringDonationId: string }>(
              'POST',
              '/api/v1/donationsscheduler',
              debitOrderBody(order, campaign),
              donors[order.donor],
            );
            expect(res.status, res.text).toBe(201);
            scheduleTokens.set(order.index, res.body.data.jwtTokenStringDonationId);
          }),
        ],
        random,
      ),
      IN_FLIGHT,
    );
    // 2a. Three months of debit orders: each month, the simulator's clock runs the collections
    //     for the day they are due three times at once; each month is submitted once.
    //     (Another test file's clock may submit a month first: it is still submitted once.)
    for (let month = 1; month <= DEBIT_ORDER_MONTHS; month++) {
      const dates = new Set(
        await inFlight(
          debitOrders.map(
            (order) => async () =>
              (await scheduleOf(scheduleTokens.get(order.index) as string)).nextDeductionDate as string,
          ),
          IN_FLIGHT,
        ),
      );
      await Promise.all([...dates].flatMap((date) => [date, date, date].map(paysoftCollect)));
    }
    for (const order of debitOrders) {
      const charges = await chargesOf(scheduleTokens.get(order.index) as string);
      expect(charges.length, `the months of debit order ${order.index}`).toBeGreaterThanOrEqual(
        DEBIT_ORDER_MONTHS,
      );
      expect(new Set(charges.map((c) => c.transactionInfo.referenceNumber)).size).toBe(charges.length);
      charges.forEach((charge, i) => {
        expect(charge.status).toBe(DonationStatus.Pending);
        debitCharges.push({
          id: charge.id,
          reference: charge.transactionInfo.referenceNumber,
          result: order.results[i % DEBIT_ORDER_MONTHS] as DebitResult,
          // The first month carries the once-off amount; tips are the platform's.
          campaignCents: order.amountCents + (i === 0 ? order.onceOffCents : 0),
          email: order.email,
        });
      });
    }
    // 2. Card payments are made at PayFast, whose ITNs the test holds back to deliver itself.
    const payfast = gifts.filter((g) => g.gateway === 'payfast');
    await inFlight(
      payfast.map((gift) => () => {
        const donation = made.get(gift.index) as DonationData;
        const total = fromCents(gift.amountCents + gift.tipCents);
        if (gift.outcome === 'wrongAmount')
          return payfastWithoutDelivery(donation, 'pay', (total - 1).toFixed(2));
        if (gift.outcome === 'failedThenPaid')
          return payfastWithoutDelivery(donation, 'fail').then(() => payfastWithoutDelivery(donation, 'pay'));
        return payfastWithoutDelivery(donation, gift.outcome === 'failed' ? 'fail' : 'pay');
      }),
      IN_FLIGHT,
    );
    const itnBodies = await itnBodiesByReference();
    const itnsOf = (gift: PlannedGift): string[] => {
      const bodies = itnBodies.get((made.get(gift.index) as DonationData).transactionInfo.referenceNumber);
      expect(bodies, `the ITNs of gift ${gift.index}`).toHaveLength(
        gift.outcome === 'failedThenPaid' ? 2 : 1,
      );
      return bodies as string[];
    };

    // 3. Every notification at once, shuffled, and each sent again: half the repeats among the
    //    originals (a repeat may overtake its original or run beside it), half after all were booked.
    const early: (() => Promise<unknown>)[] = [];
    const late: (() => Promise<unknown>)[] = [];
    const twice = (send: () => Promise<unknown>) => {
      early.push(send);
      (random() < 0.5 ? early : late).push(send);
    };
    for (const gift of gifts) {
      const donation = made.get(gift.index) as DonationData;
      if (gift.gateway === 'payfast') {
        for (const body of itnsOf(gift)) twice(() => deliverItn(body));
      } else if (gift.gateway === 'ozow') {
        const button = gift.outcome === 'paid' ? 'pay' : gift.outcome === 'failed' ? 'fail' : 'cancel';
        // The simulator notifies us when the button is pressed; the repeat sends what it sent.
        const pressed = once(() => ozowPress(donation, button));
        early.push(pressed);
        (random() < 0.5 ? early : late).push(async () => deliverOzow(await pressed()));
      } else if (gift.gateway === 'paypal') {
        if (gift.outcome === 'cancelled') {
          early.push(() => paypalDecide(donation, 'cancel'));
          continue;
        }
        // The return captures; PayPal's webhook for the capture arrives on its own; the donor reloads.
        const approved = once(() => paypalDecide(donation, 'pay'));
        twice(async () => paypalReturn(await approved()));
      } else if (gift.gateway !== 'eft') {
        // iVeri, PayPal card, SnapScan (and the methods that join them): made on the first send,
        // which runs among the early ones; the repeat may run beside it or after all were booked.
        const payment = STRESS_PAYMENTS[gift.gateway](donation, gift.outcome);
        early.push(payment.send);
        if (payment.repeats) (random() < 0.5 ? early : late).push(payment.send);
      } else {
        twice(() => eftReceived(donation, admin));
      }
    }
    // Each month's result at Paysoft, and each poster payment (the webhook makes the donation),
    // among the others: made on the first send, sent again beside it or after all were booked.
    for (const payment of [
      ...debitCharges.map((charge) => debitOrderResult(charge.reference, charge.result)),
      ...posters.map((poster) => posterPayment(campaign.id, poster)),
    ]) {
      early.push(payment.send);
      if (payment.repeats) (random() < 0.5 ? early : late).push(payment.send);
    }
    await inFlight(shuffled(early, random), IN_FLIGHT);
    // Booked before the gateway is answered; a little later at most, if it is answered first.
    await expectRaised(campaign, recount().raisedCents);
    await inFlight(shuffled(late, random), IN_FLIGHT);

    // 4. Each donation as its payment ended, once more after the late repeats.
    const finals = await inFlight(
      gifts.map((gift) => async () => {
        const res = await getDonation((made.get(gift.index) as DonationData).jwtTokenStringDonationId);
        expect(res.status).toBe(200);
        return res.body.data.status;
      }),
      IN_FLIGHT,
    );
    expect(finals).toEqual(gifts.map(expectedStatus));
    // Each debit order's months as Paysoft ended them; the months paid counted once each.
    for (const order of debitOrders) {
      const token = scheduleTokens.get(order.index) as string;
      const charges = await chargesOf(token);
      const mine = debitCharges.filter((c) => c.email === order.email);
      expect(charges.map((c) => [c.id, c.status])).toEqual(mine.map((c) => [c.id, debitStatusOf(c.result)]));
      expect((await scheduleOf(token)).deductionsMade).toBe(mine.filter((c) => c.result === 'Paid').length);
    }
  }, 300_000);

  it('counts on every view exactly what the ledger and the test recount say', async () => {
    const totals = recount();
    const list = await publicList(campaign);
    const paidCharges = debitCharges.filter((c) => debitStatusOf(c.result) === DonationStatus.Accepted);
    const acceptedIds = [
      ...gifts
        .filter((g) => expectedStatus(g) === DonationStatus.Accepted)
        .map((g) => (made.get(g.index) as DonationData).id),
      ...paidCharges.map((c) => c.id),
    ];
    // Each accepted donation listed once; besides them, one donation per paid poster payment
    // (each at its own amount), and no other; each at its amount in rand.
    const known = new Set(acceptedIds);
    expect(
      list
        .filter((d) => known.has(d.id))
        .map((d) => d.id)
        .sort(),
    ).toEqual(acceptedIds.sort());
    expect(
      list
        .filter((d) => !known.has(d.id))
        .map((d) => cents(d.campaignAmount))
        .sort((a, b) => a - b),
    ).toEqual(
      posters
        .filter((p) => p.outcome === 'paid')
        .map((p) => p.amountCents)
        .sort((a, b) => a - b),
    );
    const listed = new Map(list.map((d) => [d.id, cents(d.campaignAmount)]));
    for (const gift of gifts.filter((g) => expectedStatus(g) === DonationStatus.Accepted))
      expect(listed.get((made.get(gift.index) as DonationData).id)).toBe(campaignCentsOf(gift));
    for (const charge of paidCharges) expect(listed.get(charge.id)).toBe(charge.campaignCents);
    const ledgerCents = list.reduce((sum, d) => sum + cents(d.campaignAmount), 0);
    expect(ledgerCents).toBe(totals.raisedCents);

    const detail = await publicDetail(campaign.url);
    expect(detail.status).toBe(200);
    expect(cents(detail.body.data.donationsReceivedTotal)).toBe(totals.raisedCents);
    expect(detail.body.data.uniqueDonors).toBe(totals.uniqueDonors);

    const cards = await getData<{ items: Card[] }>(`/api/v1/campaigns/filter-campaigns/?searchText=${word}`);
    const card = cards.items.find((c) => c.id === campaign.id);
    expect(cents(card?.raisedOnPlatform ?? -1)).toBe(totals.raisedCents);

    // No admin fee on this campaign, and no payout yet: everything raised is available.
    expect(cents(Number((await ownerView(owner.accessToken, campaign.id)).fundsAvailable))).toBe(
      totals.raisedCents,
    );
    const info = await funding(campaign.id, owner.accessToken);
    expect(cents(info.totalFundsReceived)).toBe(totals.raisedCents);
    expect(cents(info.totalFundsAvailable)).toBe(totals.raisedCents);
  }, 120_000);

  it("keeps the ordering counter (raised_cents) equal to the recount: 'most raised' puts it between a cent less and a cent more", async () => {
    const { raisedCents } = recount();
    const below = await launchedCampaign(owner.accessToken, { name: `Stress test ${word} below` });
    const above = await launchedCampaign(owner.accessToken, { name: `Stress test ${word} above` });
    await receivedGift(below, raisedCents - 1);
    await receivedGift(above, raisedCents + 1);
    const ordered = await getData<{ items: Card[] }>(
      `/api/v1/campaigns/filter-campaigns/?searchText=${word}&orderBy=mostRaised`,
    );
    expect(ordered.items.map((c) => c.id)).toEqual([above.id, campaign.id, below.id]);
  }, 120_000);

  it('pays out at most the balance when 20 requests arrive at once', async () => {
    await acceptedCampaignBanking(owner.accessToken, campaign.id, admin);
    const balance = cents((await funding(campaign.id, owner.accessToken)).totalFundsAvailable);
    // Each a seventh of the balance and a little: six fit, the rest must be refused.
    const each = Math.ceil(balance / 7) + 1;
    const body = { campaignFundingInfo: [{ id: campaign.id, payoutAmount: fromCents(each) }] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => requestPayout(owner.accessToken, body)),
    );
    const accepted = answers.filter((a) => a.status === 201);
    const fits = Math.floor(balance / each);
    expect(accepted).toHaveLength(fits);
    const left = balance - fits * each;
    const name = (await publicDetail(campaign.url)).body.data.name;
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.meta.message).toBe(
        `The amount for "${name}" is more than its funds available (${formatMoney(fromCents(left), 1)}).`,
      );
    }
    expect(cents((await funding(campaign.id, owner.accessToken)).totalFundsAvailable)).toBe(left);
  }, 120_000);
});

describe("an organisation's payouts across campaigns, 20 at once", () => {
  it('never draw a campaign below nothing, and its funds fall by exactly what was accepted', async () => {
    const org = await registerOrganisation(`Stress Payout Trust ${word}`);
    const token = org.owner.accessToken;
    const campaigns = await Promise.all(
      [0, 1, 2].map((i) =>
        launchedCampaign(token, { organisation: org.id, name: `Org stress ${word} ${i}` }),
      ),
    );
    const funded = [120_000, 90_000, 60_000];
    await Promise.all(campaigns.map((c, i) => receivedGift(c, funded[i] as number)));
    await acceptedOrganisationBanking(token, org.id, admin);

    // Random draws on one, two or all three campaigns, together far more than they hold.
    const requests = Array.from({ length: 20 }, () => {
      const drawn = campaigns.filter(() => random() < 0.6);
      const chosen = drawn.length > 0 ? drawn : [campaigns[Math.floor(random() * 3)] as SavedCampaign];
      return chosen.map((c) => ({ id: c.id, cents: 10_000 + Math.floor(random() * 30_000) }));
    });
    const answers = await Promise.all(
      requests.map((entries) =>
        requestPayout(token, {
          campaignFundingInfo: entries.map((e) => ({ id: e.id, payoutAmount: fromCents(e.cents) })),
        }),
      ),
    );
    const names = new Set(campaigns.map((_, i) => `Org stress ${word} ${i}`));
    const drawnFrom = new Map<string, number>();
    answers.forEach((answer, i) => {
      if (answer.status === 201) {
        for (const e of requests[i] ?? []) drawnFrom.set(e.id, (drawnFrom.get(e.id) ?? 0) + e.cents);
        return;
      }
      expect(answer.status, answer.text).toBe(400);
      const named = /^The amount for "(.+)" is more than its funds available \(R [\d ]+\.\d\d\)\.$/.exec(
        answer.body.meta.message ?? '',
      );
      expect(named && names.has(named[1] as string), answer.body.meta.message).toBe(true);
    });
    expect(answers.some((a) => a.status === 201)).toBe(true);
    expect(answers.some((a) => a.status === 400)).toBe(true);

    const after = await send<OrganisationFundingInfo>(
      'GET',
      `/api/v1/organizations/${org.id}/funding`,
      undefined,
      token,
    );
    expect(after.status, after.text).toBe(200);
    for (const [i, c] of campaigns.entries()) {
      const drawn = drawnFrom.get(c.id) ?? 0;
      expect(drawn).toBeLessThanOrEqual(funded[i] as number);
      const info = after.body.data.campaignFundingInfo.find((f) => f.id === c.id);
      expect(cents(info?.totalFundsAvailable ?? -1)).toBe((funded[i] as number) - drawn);
    }
  }, 120_000);
});

interface Recurrence {
  status: number;
  deductionsMade: number;
}

describe('a monthly donation', () => {
  it('is charged once per billing date, whatever PayFast repeats or sends at once', async () => {
    const recurring = await launchedCampaign(owner.accessToken, {
      name: `Stress test ${word} monthly`,
      settings: { isRecurringGivingCampaign: true },
    });
    const created = await send<{
      jwtTokenStringDonationId: string;
      transactionInfo: DonationData['transactionInfo'];
    }>(
      'POST',
      '/api/v1/donationsscheduler',
      donationBody({
        campaignUrl: recurring.url,
        paymentMethod: PaymentGateway.PayFast,
        amount: 200,
        tipOrAdminFeeAmount: 20,
        onceOffAmount: 50,
        term: 0,
        deductionDate: 1,
        cardConsent: true,
      }),
      donors[1],
    );
    expect(created.status, created.text).toBe(201);
    const schedule = created.body.data;
    const reference = schedule.transactionInfo.referenceNumber;
    await payfastWithoutDelivery(schedule as unknown as DonationData, 'pay');
    const [first] = (await itnBodiesByReference()).get(reference) ?? [];
    if (!first) throw new Error(`no ITN for ${reference}`);
    const token = new URLSearchParams(first).get('token');
    expect(token).toBeTruthy();

    // PayFast bills three more periods at once; every ITN, the first charge's too, arrives
    // six times, shuffled, twelve at a time, then once more.
    const charges = await Promise.all(
      [0, 1, 2].map(async () => {
        const res = await fetch(
          `${new URL(schedule.transactionInfo.paymentForm?.action ?? '').origin}/sandbox/payfast/api/subscriptions/${token}/charge`,
          {
            method: 'POST',
          },
        );
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { response: { pf_payment_id: string } } }).data.response
          .pf_payment_id;
      }),
    );
    const bodies = [...((await itnBodiesByReference()).get(reference) ?? [])];
    const periodic = bodies.filter((b) =>
      charges.includes(new URLSearchParams(b).get('pf_payment_id') ?? ''),
    );
    expect(periodic).toHaveLength(3);
    expect(new Set(periodic.map((b) => new URLSearchParams(b).get('billing_date'))).size).toBe(3);
    const sends = shuffled(
      [first, ...periodic].flatMap((body) => Array.from({ length: 6 }, () => () => deliverItn(body))),
      random,
    );
    await inFlight(sends, 12);
    await inFlight(
      [first, ...periodic].map((body) => () => deliverItn(body)),
      4,
    );

    const read = await send<Recurrence>(
      'GET',
      `/api/v1/donationsscheduler/${encodeURIComponent(schedule.jwtTokenStringDonationId)}`,
    );
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.deductionsMade).toBe(4);
    const charged = await publicList(recurring);
    // R 250 (with the once-off R 50) first, then R 200 a period: tips are the platform's.
    expect(charged.map((d) => cents(d.campaignAmount)).sort((a, b) => a - b)).toEqual([
      20_000, 20_000, 20_000, 25_000,
    ]);
    expect(cents((await publicDetail(recurring.url)).body.data.donationsReceivedTotal)).toBe(85_000);
  }, 120_000);
});

interface LedgerDonation {
  id: string;
  amount: number;
  remainingAmount: number;
  refunds: { amount: number; campaignAmount: number; status: number; kind: number }[];
}

describe('refunds interleaved with notifications and payouts', () => {
  it('never refund more than a gift, and every total equals the ledger recount afterwards', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { name: `Stress test ${word} refunds` });
    await acceptedCampaignBanking(owner.accessToken, campaign.id, admin);
    // 24 PayFast gifts paid at the simulator whose ITNs have not arrived yet.
    const amounts = Array.from({ length: 24 }, () => 100 + Math.floor(random() * 400));
    const gifts = await Promise.all(
      amounts.map((amount, i) =>
        donated(
          donationBody({
            campaignUrl: campaign.url,
            paymentMethod: PaymentGateway.PayFast,
            amount,
            tipOrAdminFeeAmount: 0,
            email: `refund-stress-${i}@example.co.za`,
          }),
          donors[i % donors.length],
        ),
      ),
    );
    await Promise.all(gifts.map((g) => payfastWithoutDelivery(g, 'pay')));
    const bodies = await itnBodiesByReference();

    // At once and shuffled: every ITN three times, two to four refund calls per gift (whole or a
    // part; some repeat one idempotency key), and 12 payout requests of random sizes.
    const sends: (() => Promise<unknown>)[] = [];
    for (const gift of gifts) {
      const body = bodies.get(gift.transactionInfo.referenceNumber)?.[0];
      if (!body) throw new Error(`no ITN for ${gift.transactionInfo.referenceNumber}`);
      for (let n = 0; n < 3; n++) sends.push(() => deliverItn(body));
      const calls = 2 + Math.floor(random() * 3);
      for (let n = 0; n < calls; n++) {
        const part = random() < 0.5 ? null : 1 + Math.floor(random() * gift.amount * 0.6);
        const key = random() < 0.3 ? `stress-${gift.id}` : null;
        sends.push(() =>
          send(
            'POST',
            `/api/v1/admin/donations/${gift.id}/refund`,
            { amount: part, reason: 'Stress refund.', idempotencyKey: key },
            admin,
          ),
        );
      }
    }
    let payoutCents = 0;
    for (let n = 0; n < 12; n++) {
      const payoutAmount = 200 + Math.floor(random() * 1500);
      sends.push(async () => {
        const res = await requestPayout(owner.accessToken, {
          campaignFundingInfo: [{ id: campaign.id, payoutAmount }],
        });
        if (res.status === 201) payoutCents += payoutAmount * 100;
        return res;
      });
    }
    const answers = await inFlight(shuffled(sends, random), IN_FLIGHT);
    const failures = answers
      .map((a) =>
        a && typeof a === 'object' && 'status' in a ? (a as { status: number; text: string }) : null,
      )
      .filter((a) => a !== null && a.status >= 500)
      .map((a) => `${a?.status} ${a?.text.slice(0, 200)}`);
    expect(failures).toEqual([]);
    // Late ITNs once more, so every gift ends accepted.
    await inFlight(
      gifts.map((g) => () => deliverItn(bodies.get(g.transactionInfo.referenceNumber)?.[0] ?? '')),
      IN_FLIGHT,
    );

    const ledger = await send<{
      raised: number;
      refunded: number;
      owed: number;
      donations: LedgerDonation[];
    }>('GET', `/api/v1/admin/campaigns/${campaign.id}/refunds`, undefined, admin);
    expect(ledger.status, ledger.text).toBe(200);
    let refundedCents = 0;
    for (const d of ledger.body.data.donations) {
      const counted = d.refunds.filter((r) => r.status !== 2).reduce((sum, r) => sum + cents(r.amount), 0);
      expect(counted, `refunded of ${d.id}`).toBeLessThanOrEqual(cents(d.amount));
      expect(cents(d.remainingAmount)).toBe(cents(d.amount) - counted);
      refundedCents += counted;
    }
    expect(ledger.body.data.donations).toHaveLength(gifts.length);
    const paidCents = amounts.reduce((sum, a) => sum + a * 100, 0);
    const raisedCents = paidCents - refundedCents;
    expect(cents(ledger.body.data.raised)).toBe(raisedCents);

    const detail = (await publicDetail(campaign.url)).body.data;
    expect(cents(detail.donationsReceivedTotal)).toBe(raisedCents);
    // A gift refunded in full leaves the lists and the donors (each gift has its own address here).
    const remaining = ledger.body.data.donations.filter((d) => cents(d.remainingAmount) > 0);
    expect(detail.uniqueDonors).toBe(remaining.length);
    const listed = await publicList(campaign);
    expect(listed.reduce((sum, d) => sum + cents(d.campaignAmount), 0)).toBe(raisedCents);
    expect(listed.map((d) => d.id).sort()).toEqual(remaining.map((d) => d.id).sort());
    // The owner's list keeps every gift, with what went back of it: its totals are the ledger's.
    const owners = await send<OwnerDonationPage>(
      'GET',
      `/api/v1/campaigns/${campaign.id}/donations?pageSize=100&pageNo=1`,
      undefined,
      owner.accessToken,
    );
    expect(owners.status, owners.text).toBe(200);
    expect(owners.body.data.totals.map((t) => [cents(t.gross), cents(t.refunded), cents(t.net)])).toEqual([
      [paidCents, refundedCents, raisedCents],
    ]);
    const info = await funding(campaign.id, owner.accessToken);
    expect(cents(info.totalFundsReceived)).toBe(raisedCents);
    // The balance is what was raised less every payout accepted: available when above nothing, owed when below.
    const balance = raisedCents - payoutCents;
    expect(cents(info.totalFundsAvailable)).toBe(Math.max(balance, 0));
    expect(cents(info.owedAmount)).toBe(Math.max(-balance, 0));
    expect(cents(ledger.body.data.owed)).toBe(Math.max(-balance, 0));
  }, 300_000);
});

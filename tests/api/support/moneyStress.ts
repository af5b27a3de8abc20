import { Currency, DonationStatus, PaymentGateway } from '~/lib/enums';

/**
 * The plan of the money stress test (tests/api/money-stress.test.ts): which gifts are made, how
 * each one's payment ends, and the helpers that send the notifications out of order.
 * Randomness comes from one printed seed (MONEY_STRESS_SEED reruns a failure).
 */

/**
 * The methods the test pays by. The ones after `eft` are driven through
 * support/gatewayDeliveries.ts's STRESS_PAYMENTS; Paysoft's debit order (7) joins them there,
 * with its METHOD_OF entry, its COUNTS rows and, if a cancelled or failed collection ends
 * otherwise, its line in expectedStatus.
 */
export type Gateway = 'payfast' | 'ozow' | 'paypal' | 'eft' | 'iveri' | 'paypalCard' | 'snapscan';
/**
 * How the payment ends at the gateway: `wrongAmount` pays another amount than was asked;
 * `failedThenPaid` fails once and is paid on a second try (two notifications, either may come first).
 */
export type Outcome = 'paid' | 'failed' | 'cancelled' | 'wrongAmount' | 'failedThenPaid';

export interface PlannedGift {
  index: number;
  gateway: Gateway;
  outcome: Outcome;
  currencyId: Currency;
  amountCents: number;
  tipCents: number;
  email: string;
  anonymous: boolean;
  /** Index into the signed-in donors, or null for a visitor who solves the captcha. */
  donor: number | null;
}

export const USD_TO_ZAR = 18;

export const METHOD_OF: Readonly<Record<Gateway, PaymentGateway>> = {
  payfast: PaymentGateway.PayFast,
  ozow: PaymentGateway.InstantEFT,
  paypal: PaymentGateway.PayPal,
  eft: PaymentGateway.EFT,
  iveri: PaymentGateway.IVeri,
  paypalCard: PaymentGateway.PayPalCard,
  snapscan: PaymentGateway.SnapScan,
};

/** The methods taken in US dollars (the rest are rand). */
const DOLLAR_GATEWAYS: ReadonlySet<Gateway> = new Set(['paypal', 'paypalCard']);

/** The status each ending leaves (docs/api/donations.md "Settlement"). */
export function expectedStatus(gift: PlannedGift): DonationStatus {
  if (gift.outcome === 'paid' || gift.outcome === 'failedThenPaid') return DonationStatus.Accepted;
  // A card PayPal declines stays on PayPal's page with the order open: nothing reaches us.
  if (gift.outcome === 'failed')
    return gift.gateway === 'paypalCard' ? DonationStatus.Pending : DonationStatus.Rejected;
  // Ozow notifies a cancel; iVeri returns a cancelled card payment as declined (status 4).
  if (gift.outcome === 'cancelled' && gift.gateway === 'ozow') return DonationStatus.CanceledAtTransaction;
  if (gift.outcome === 'cancelled' && gift.gateway === 'iveri') return DonationStatus.Rejected;
  // PayPal's and SnapScan's Cancel tell us nothing; a wrong amount is refused by settlement.
  return DonationStatus.Pending;
}

/** The gift in the rand campaign's currency, as `campaign_amount` keeps it. */
export const campaignCentsOf = (gift: PlannedGift): number =>
  gift.currencyId === Currency.Dollar ? gift.amountCents * USD_TO_ZAR : gift.amountCents;

/** mulberry32: small, seedable, good enough to shuffle. */
export function randomFrom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Runs the jobs with at most `limit` in flight, in the order given; resolves to their results in that order. */
export async function inFlight<T>(jobs: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await (jobs[i] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** A promise made once, by whichever caller asks first (a replay may run before its original). */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const COUNTS: ReadonlyArray<[Gateway, Outcome, number]> = [
  ['payfast', 'paid', 130],
  ['payfast', 'failedThenPaid', 10],
  ['payfast', 'failed', 12],
  ['payfast', 'wrongAmount', 8],
  ['ozow', 'paid', 110],
  ['ozow', 'failed', 8],
  ['ozow', 'cancelled', 8],
  ['paypal', 'paid', 70],
  ['paypal', 'cancelled', 10],
  ['eft', 'paid', 64],
  ['iveri', 'paid', 25],
  ['iveri', 'failed', 3],
  ['iveri', 'cancelled', 2],
  ['iveri', 'wrongAmount', 3],
  ['paypalCard', 'paid', 15],
  ['paypalCard', 'failed', 2],
  ['paypalCard', 'cancelled', 2],
  ['snapscan', 'paid', 14],
  ['snapscan', 'failed', 2],
  ['snapscan', 'cancelled', 1],
  ['snapscan', 'wrongAmount', 1],
];

/**
 * 500 gifts: rand by card (PayFast, iVeri), Instant EFT (Ozow), SnapScan and bank transfer,
 * dollars by PayPal (account or card);
 * tips of 0–30 %; about a third of the donors give more than once, some under the same
 * address in other capitals; some anonymous; most through one of the signed-in donors' accounts.
 */
export function planGifts(random: () => number, tag: string, signedInDonors: number): PlannedGift[] {
  const addresses = Array.from({ length: 330 }, (_, i) => `${tag}-donor${i}@letsema.test`);
  const gifts: PlannedGift[] = [];
  for (const [gateway, outcome, count] of COUNTS) {
    for (let i = 0; i < count; i++) {
      const dollars = DOLLAR_GATEWAYS.has(gateway);
      // Whole or with cents: R 20–R 3 000, or $ 5–$ 300.
      const amountCents = dollars
        ? 500 + Math.floor(random() * 29_500)
        : 2_000 + Math.floor(random() * 298_000);
      const tipPercent = random() < 0.3 ? 0 : Math.floor(random() * 31);
      const address = addresses[Math.floor(random() * addresses.length)] as string;
      gifts.push({
        index: gifts.length,
        gateway,
        outcome,
        currencyId: dollars ? Currency.Dollar : Currency.Rand,
        amountCents,
        tipCents: Math.floor((amountCents * tipPercent) / 100),
        email: random() < 0.15 ? address.toUpperCase() : address,
        anonymous: random() < 0.15,
        donor: random() < 0.05 ? null : Math.floor(random() * signedInDonors),
      });
    }
  }
  return gifts;
}

/** What the campaign's figures must be, counted from the gifts the test made. */
export interface Recount {
  raisedCents: number;
  accepted: number;
  uniqueDonors: number;
}

/**
 * An accepted gift made without a donation form (a debit order's month, a poster payment): what
 * it adds to the campaign and who gave it (an address, or a key of its own for a payer SnapScan
 * names no address for).
 */
export interface OtherAccepted {
  campaignCents: number;
  donorKey: string;
}

export function recountOf(gifts: readonly PlannedGift[], others: readonly OtherAccepted[] = []): Recount {
  const accepted = gifts.filter((g) => expectedStatus(g) === DonationStatus.Accepted);
  return {
    raisedCents:
      accepted.reduce((sum, g) => sum + campaignCentsOf(g), 0) +
      others.reduce((sum, o) => sum + o.campaignCents, 0),
    accepted: accepted.length + others.length,
    uniqueDonors: new Set([...accepted.map((g) => g.email.toLowerCase()), ...others.map((o) => o.donorKey)])
      .size,
  };
}

/** How a debit order's month ends at Paysoft: Reversed is paid first, then reversed by the bank. */
export type DebitResult = 'Paid' | 'Unpaid' | 'Disputed' | 'Reversed';

/** The monthly charge's status each result leaves (docs/api/donations.md "Paysoft debit orders"). */
export const debitStatusOf = (result: DebitResult): DonationStatus =>
  result === 'Paid' ? DonationStatus.Accepted : DonationStatus.Rejected;

/** A monthly gift by Paysoft debit order (7), collected for `results.length` months. */
export interface PlannedDebitOrder {
  index: number;
  amountCents: number;
  tipCents: number;
  /** Added to the first month's debit. */
  onceOffCents: number;
  email: string;
  donor: number;
  /** Each month's result, the first month first. */
  results: DebitResult[];
}

export const DEBIT_ORDER_MONTHS = 3;

/** 16 debit orders of three months each: mostly paid, some unpaid, disputed or reversed. */
export function planDebitOrders(
  random: () => number,
  tag: string,
  signedInDonors: number,
): PlannedDebitOrder[] {
  const pick = (): DebitResult => {
    const r = random();
    return r < 0.6 ? 'Paid' : r < 0.8 ? 'Unpaid' : r < 0.88 ? 'Disputed' : 'Reversed';
  };
  return Array.from({ length: 16 }, (_, index) => {
    const amountCents = 100 * (20 + Math.floor(random() * 1_000));
    return {
      index,
      amountCents,
      tipCents: random() < 0.3 ? 0 : Math.floor((amountCents * Math.floor(random() * 31)) / 100 / 100) * 100,
      onceOffCents: random() < 0.3 ? 100 * (10 + Math.floor(random() * 200)) : 0,
      email: `${tag}-monthly${index}@letsema.test`,
      donor: Math.floor(random() * signedInDonors),
      results: Array.from({ length: DEBIT_ORDER_MONTHS }, pick),
    };
  });
}

/** A payment made with the campaign poster's SnapScan code (no form; the webhook makes the donation). */
export interface PlannedPosterPayment {
  index: number;
  /** Distinct across the plan, so each payment can be told from the others by its amount. */
  amountCents: number;
  outcome: 'paid' | 'failed' | 'cancelled';
  /** What the payer typed as their reference (their public name), or '' (Anonymous). */
  payerReference: string;
}

/** 24 poster payments: 20 paid, 3 declined, 1 cancelled. */
export function planPosterPayments(random: () => number): PlannedPosterPayment[] {
  const used = new Set<number>();
  return Array.from({ length: 24 }, (_, index) => {
    let amountCents = 0;
    while (amountCents === 0 || used.has(amountCents)) amountCents = 1_000 + Math.floor(random() * 99_000);
    used.add(amountCents);
    return {
      index,
      amountCents,
      outcome: index < 20 ? 'paid' : index < 23 ? 'failed' : 'cancelled',
      payerReference: random() < 0.5 ? '' : `Poster payer ${index}`,
    };
  });
}

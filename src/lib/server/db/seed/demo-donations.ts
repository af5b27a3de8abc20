import { Currency, DEFAULT_TIP_PERCENTAGE, DonationStatus, DonationType, PaymentGateway } from '~/lib/enums';
import { percentOfCents, toCents } from '~/lib/money';
import type { donations } from '~/lib/server/db/schema';
import type { DemoCampaign } from './demo-campaigns';

type DonationRow = typeof donations.$inferInsert;

const RAND_DONORS = [
  'Thabo Mokoena',
  'Naledi Dube',
  'Johan Botha',
  'Priya Naidoo',
  'Ayesha Davids',
  'Mandla Zungu',
  'Karabo Letsoalo',
  'Chantal Adams',
  'Bongani Cele',
  'Refilwe Motaung',
  'Ruan Pretorius',
  'Nosipho Mkhize',
  'Sibusiso Ngcobo',
  'Michelle Jacobs',
  'Tshepo Maseko',
  'Annelie Steyn',
  'Lebohang Radebe',
  'Yusuf Ebrahim',
  'Kayla Fourie',
  'Dineo Moloi',
  'Craig Williams',
  'Precious Nkuna',
  'Sizwe Mthethwa',
  'Grace Phiri',
];

const DOLLAR_DONORS = [
  'Emma de Vries',
  'Lars Jansen',
  'Sophie Müller',
  'James O’Connor',
  'Aisha Bello',
  'Daniel Kim',
  'Nomsa Dlamini-Smith',
  'Marco Rossi',
];

const COMMENTS = [
  'Proud to support this.',
  'Every little bit helps. Go well!',
  'Ubuntu: I am because we are.',
  'Keep going, you are doing amazing work.',
  'Shared this with my whole office.',
  'Wishing you every success.',
];

const DOLLAR_COMMENTS = [
  'Can’t wait to hear the album!',
  'Loved your set in Utrecht last summer.',
  'Go Lindiwe!',
];

/** Mulberry32: a small seeded generator, so the demo data is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

export interface DonationWindow {
  from: number;
  to: number;
}

/**
 * The one-off donations of one demo campaign, spread over `window` (epoch ms).
 * The last two donations of `withFailures` campaigns are a pending EFT and a rejected card payment,
 * which must not count towards the amount raised.
 */
export function buildDonations(
  campaign: DemoCampaign,
  campaignId: string,
  window: DonationWindow,
  random: () => number,
  withFailures: boolean,
): DonationRow[] {
  const dollars = campaign.currency === Currency.Dollar;
  const rows: DonationRow[] = [];
  for (let i = 0; i < campaign.donations.count; i++) {
    const [firstName = '', ...rest] = pick(random, dollars ? DOLLAR_DONORS : RAND_DONORS).split(' ');
    const lastName = rest.join(' ');
    const amount = pick(random, campaign.donations.amounts);
    const createdAt = new Date(window.from + random() * (window.to - window.from));
    const anonymous = random() < 0.2;
    const tips = random() < 0.45;
    let status: DonationStatus = DonationStatus.Accepted;
    let paymentMethod = pick(random, campaign.donations.methods);
    if (withFailures && i === campaign.donations.count - 1) {
      status = DonationStatus.Pending;
      paymentMethod = PaymentGateway.EFT;
    } else if (withFailures && i === campaign.donations.count - 2) {
      status = DonationStatus.Rejected;
      paymentMethod = PaymentGateway.PayFast;
    }
    rows.push({
      campaignId,
      currencyId: campaign.currency,
      amount: toCents(amount),
      campaignAmount: toCents(amount),
      tipAmount: tips ? percentOfCents(toCents(amount), DEFAULT_TIP_PERCENTAGE) : 0,
      paymentMethod,
      status,
      firstName,
      lastName,
      email: `${`${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '')}@example.com`,
      anonymous,
      displayName: anonymous ? null : `${firstName} ${lastName.charAt(0)}.`,
      comment: random() < 0.4 ? pick(random, dollars ? DOLLAR_COMMENTS : COMMENTS) : null,
      reference: `DEMO-${campaign.shortUrl}-${String(i + 1).padStart(3, '0')}`,
      orderId: `ORD-${campaign.shortUrl}-${i + 1}`,
      type: DonationType.OneOff,
      settledAt: status === DonationStatus.Accepted ? new Date(createdAt.getTime() + 4 * 60_000) : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return rows;
}

import { eq, inArray } from 'drizzle-orm';
import type {
  Donation,
  DonationCurrency,
  DonationDetailCampaign,
  TransactionInfo,
} from '~/lib/contracts/donations';
import { PaymentGateway } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, currencies, type donations } from '~/lib/server/db/schema';
import { eftBankingDetails } from '~/lib/server/payments/eft';
import type { PaymentStart } from '~/lib/server/payments/types';
import { signDonationToken } from './tokens';

/** SPEC §3 Donation (src/lib/contracts/donations.ts) of a donations row. */

export type DonationRow = typeof donations.$inferSelect;

/** What the view needs besides the row. */
export interface DonationContext {
  campaign: { id: string; url: string; name: string };
  currency: DonationCurrency;
  /** How the browser continues, when the payment was just started. */
  start?: PaymentStart | null;
}

/** Where the browser goes next for a payment just started: the gateway's form or page; none for EFT. */
export function paymentLinks(
  start: PaymentStart | null | undefined,
): Pick<TransactionInfo, 'paymentUrl' | 'paymentForm' | 'paymentQr'> {
  if (start?.kind === 'form')
    return {
      paymentUrl: start.action,
      paymentForm: { action: start.action, fields: start.fields },
      paymentQr: null,
    };
  if (start?.kind === 'redirect') return { paymentUrl: start.url, paymentForm: null, paymentQr: null };
  if (start?.kind === 'qr')
    return {
      paymentUrl: start.url,
      paymentForm: null,
      paymentQr: `data:image/svg+xml,${encodeURIComponent(start.qrSvg)}`,
    };
  return { paymentUrl: null, paymentForm: null, paymentQr: null };
}

/** The Donation response for a row. */
export function donationView(row: DonationRow, context: DonationContext): Donation {
  const total = row.amount + row.tipAmount;
  const isPayPal =
    row.paymentMethod === PaymentGateway.PayPal || row.paymentMethod === PaymentGateway.PayPalCard;
  return {
    id: row.id,
    jwtTokenStringDonationId: signDonationToken(row.id, row.createdAt),
    type: row.type,
    currencyId: row.currencyId,
    amount: fromCents(row.amount),
    tipOrAdminFeeAmount: fromCents(row.tipAmount),
    total: fromCents(total),
    term: null,
    deductionDate: null,
    paymentMethod: row.paymentMethod,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobileNumber: row.mobileNumber,
    anonymous: row.anonymous,
    displayName: row.displayName,
    comment: row.comment,
    campaignId: context.campaign.id,
    campaignUrl: context.campaign.url,
    campaignName: context.campaign.name,
    onceOffAmount: null,
    donationSchedulerStatus: null,
    status: row.status,
    userId: row.userId,
    orderId: row.orderId,
    cardConsent: row.cardConsent,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    transactionInfo: {
      type: row.paymentMethod,
      bankingDetails: row.paymentMethod === PaymentGateway.EFT ? eftBankingDetails() : null,
      status: row.status,
      amount: fromCents(total),
      ...paymentLinks(context.start),
      payPalOrder: isPayPal
        ? {
            orderId: row.orderId,
            clientToken: null,
            accessToken: null,
            trackingId: row.reference,
            idToken: null,
          }
        : null,
      currency: context.currency,
      referenceNumber: row.reference,
      payfastResponse: null,
      adminFeeCovered: row.adminFeeCovered,
    },
  };
}

/** Campaigns and currencies for a set of rows, loaded once, to build many views. */
export async function loadViewContext(
  rows: readonly Pick<DonationRow, 'campaignId' | 'currencyId'>[],
): Promise<{
  campaignsById: Map<string, DonationDetailCampaign>;
  currenciesById: Map<number, DonationCurrency>;
}> {
  const db = await getDb();
  const campaignIds = [...new Set(rows.map((r) => r.campaignId))];
  const [currenciesById, campaignRows] = await Promise.all([
    currencyMap(),
    campaignIds.length === 0
      ? []
      : db
          .select({
            id: campaigns.id,
            name: campaigns.name,
            url: campaigns.url,
            thankYouMessage: campaigns.thankYouMessage,
            currencyId: campaignSettings.currencyId,
          })
          .from(campaigns)
          .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
          .where(inArray(campaigns.id, campaignIds)),
  ]);
  const campaignsById = new Map<string, DonationDetailCampaign>();
  for (const c of campaignRows) {
    const currency = currenciesById.get(c.currencyId);
    if (currency)
      campaignsById.set(c.id, {
        id: c.id,
        name: c.name,
        url: c.url,
        thankYouMessage: c.thankYouMessage,
        currency,
      });
  }
  return { campaignsById, currenciesById };
}

let currencyCache: Promise<Map<number, DonationCurrency>> | undefined;

/** The currencies lookup, read once per process (a fixed lookup table). */
async function currencyMap(): Promise<Map<number, DonationCurrency>> {
  currencyCache ??= getDb()
    .then((db) => db.select().from(currencies))
    .then((rows) => new Map(rows.map((c) => [c.id, c])));
  return currencyCache;
}

/** `{ id, name, ticker, symbol, locale }` of a currency id. */
export async function currencyInfo(id: number): Promise<DonationCurrency> {
  const currency = (await currencyMap()).get(id);
  if (!currency) throw new Error(`Unknown currency ${id}`);
  return currency;
}

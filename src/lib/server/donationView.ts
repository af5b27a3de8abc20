import { eq, inArray } from 'drizzle-orm';
import { PaymentGateway } from '../enums';
import { fromCents } from '../money';
import { getDb } from './db';
import { campaignSettings, campaigns, currencies, type donations } from './db/schema';
import { signDonationToken } from './donationTokens';
import type { CurrencyInfo } from './lookups';
import { type EftBankingDetails, eftBankingDetails } from './payments/eft';
import type { PaymentStart } from './payments/types';

/** SPEC §3 Donation as docs/api/donations.md shapes it. */

export type DonationRow = typeof donations.$inferSelect;

export interface PayPalOrderView {
  orderId: string | null;
  clientToken: null;
  accessToken: null;
  trackingId: string;
  idToken: null;
}

export interface TransactionInfo {
  type: number;
  bankingDetails: EftBankingDetails | null;
  status: number;
  /** What the donor pays: amount + tip or fee. */
  amount: number;
  paymentUrl: string | null;
  paymentForm: { action: string; fields: Record<string, string> } | null;
  payPalOrder: PayPalOrderView | null;
  currency: CurrencyInfo;
  referenceNumber: string;
  payfastResponse: null;
  adminFeeCovered: boolean;
}

export interface DonationView {
  id: string;
  jwtTokenStringDonationId: string;
  type: number;
  currencyId: number;
  amount: number;
  tipOrAdminFeeAmount: number;
  total: number;
  term: null;
  deductionDate: null;
  paymentMethod: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  anonymous: boolean;
  displayName: string | null;
  comment: string | null;
  campaignId: string;
  campaignUrl: string;
  campaignName: string;
  onceOffAmount: null;
  donationSchedulerStatus: null;
  status: number;
  userId: string | null;
  orderId: string | null;
  cardConsent: boolean;
  createdAt: string;
  settledAt: string | null;
  transactionInfo: TransactionInfo;
}

/** What the view needs besides the row. */
export interface DonationContext {
  campaign: { id: string; url: string; name: string };
  currency: CurrencyInfo;
  /** How the browser continues, when the payment was just started. */
  start?: PaymentStart | null;
}

function paymentLinks(
  start: PaymentStart | null | undefined,
): Pick<TransactionInfo, 'paymentUrl' | 'paymentForm'> {
  if (start?.kind === 'form')
    return { paymentUrl: start.action, paymentForm: { action: start.action, fields: start.fields } };
  if (start?.kind === 'redirect') return { paymentUrl: start.url, paymentForm: null };
  return { paymentUrl: null, paymentForm: null };
}

/** The Donation response for a row. */
export function donationView(row: DonationRow, context: DonationContext): DonationView {
  const total = row.amount + row.tipAmount;
  const isPayPal = row.paymentMethod === PaymentGateway.PayPal;
  return {
    id: row.id,
    jwtTokenStringDonationId: signDonationToken(row.id),
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

export interface DonationCampaignInfo {
  id: string;
  name: string;
  url: string;
  thankYouMessage: string | null;
  currency: CurrencyInfo;
}

/** Campaigns and currencies for a set of rows, loaded once, to build many views. */
export async function loadViewContext(
  rows: readonly Pick<DonationRow, 'campaignId' | 'currencyId'>[],
): Promise<{
  campaignsById: Map<string, DonationCampaignInfo>;
  currenciesById: Map<number, CurrencyInfo>;
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
  const campaignsById = new Map<string, DonationCampaignInfo>();
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

let currencyCache: Promise<Map<number, CurrencyInfo>> | undefined;

/** The currencies lookup, read once per process (a fixed lookup table). */
async function currencyMap(): Promise<Map<number, CurrencyInfo>> {
  currencyCache ??= getDb()
    .then((db) => db.select().from(currencies))
    .then((rows) => new Map(rows.map((c) => [c.id, c])));
  return currencyCache;
}

/** `{ id, name, ticker, symbol, locale }` of a currency id. */
export async function currencyInfo(id: number): Promise<CurrencyInfo> {
  const currency = (await currencyMap()).get(id);
  if (!currency) throw new Error(`Unknown currency ${id}`);
  return currency;
}

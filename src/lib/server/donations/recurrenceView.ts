import type { DonationCampaignRef, DonationCurrency, Recurrence } from '~/lib/contracts/donations';
import { RECURRING_DURATION_MONTHS, type RecurringDuration } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { recurringDonations } from '~/lib/server/db/schema';
import { loadViewContext } from './view';

/** The `Recurrence` (src/lib/contracts/donations.ts) of a recurring_donations row. */

export type RecurringRow = typeof recurringDonations.$inferSelect;

/** Charges in all for a term (RECURRING_DURATION_MONTHS); null = until cancelled. */
export function cyclesOf(term: number): number | null {
  return RECURRING_DURATION_MONTHS[term as RecurringDuration] ?? null;
}

export function recurrenceView(
  row: RecurringRow,
  campaign: DonationCampaignRef,
  currency: DonationCurrency,
): Recurrence {
  return {
    donationSchedulerId: row.id,
    campaign: { id: campaign.id, name: campaign.name, url: campaign.url },
    currency,
    amount: fromCents(row.amount),
    tipOrAdminFeeAmount: fromCents(row.tipAmount),
    onceOffAmount: fromCents(row.onceOffAmount),
    term: row.term,
    deductionDate: row.deductionDay,
    status: row.status,
    nextDeductionDate: row.nextDeductionDate,
    deductionsMade: row.deductionsMade,
    cycles: cyclesOf(row.term),
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    debitOrder: row.debitOrder
      ? {
          bankName: row.debitOrder.bankName,
          branchCode: row.debitOrder.branchCode,
          accountType: row.debitOrder.accountType,
          accountHolderName: row.debitOrder.accountHolderName,
          accountNumber: row.debitOrder.accountNumberMasked,
          mandateText: row.debitOrder.mandateText,
          acceptedAt: row.debitOrder.acceptedAt,
          consecutiveFailures: row.debitOrder.consecutiveFailures,
        }
      : null,
  };
}

/** Views of many rows, their campaigns and currencies loaded once. */
export async function recurrencesOf(rows: readonly RecurringRow[]): Promise<Recurrence[]> {
  const { campaignsById, currenciesById } = await loadViewContext(rows);
  return rows.flatMap((row) => {
    const campaign = campaignsById.get(row.campaignId);
    const currency = currenciesById.get(row.currencyId);
    return campaign && currency ? [recurrenceView(row, campaign, currency)] : [];
  });
}

import { parseAmount } from '~/islands/donation/donationValues';
import { type BankingValues, bankingValuesOf } from '~/islands/editor/VerificationForm';
import type {
  BluetickPayoutFields,
  BluetickPayoutOption,
  CampaignFundingInfo,
  PayoutRequest,
  PayoutView,
} from '~/lib/contracts/payouts';
import { BankingRequestStatus, ORG_PAYOUT_TIP_PERCENTAGE, PayoutStatus } from '~/lib/enums';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { isClosingWithdrawal, MINIMUM_PAYOUT_CENTS, minimumPayoutProblem } from '~/lib/payoutRules';
import { PAYOUT_MESSAGES, PayoutOption } from '~/lib/schemas/payout';

/**
 * The payout forms' values and the rules they check before sending (the server checks
 * them again, with the funds of the moment): pure, so tests/unit/payouts/payoutForm.test.ts reads them.
 */

type Money = Pick<CampaignFundingInfo, 'currency'>['currency'];

export const PAYOUT_TEXT_LIMITS = { description: 500, notes: 1000 } as const;

/** The server's messages (src/lib/schemas/payout.ts) where it has one, and the form's own. */
export const PAYOUT_FORM_MESSAGES = {
  amountRequired: PAYOUT_MESSAGES.amount,
  amountInvalid: 'Please enter an amount, for example 1 500.',
  amountPositive: PAYOUT_MESSAGES.amountPositive,
  amountTooHigh: (available: number, currency: Money) =>
    `You can request at most ${formatMoney(available, currency)}, the funds available.`,
  nothingToSplit: PAYOUT_MESSAGES.nothingToPayOut,
  tipInvalid: PAYOUT_MESSAGES.tip,
  invoiceRequired: 'Please upload the supplier\u2019s invoice.',
  nothingAvailable:
    'There is nothing to request yet: no funds are available. Funds become available once donations have been received.',
  belowMinimum: (available: number, currency: Money) =>
    `There is nothing to request yet: ${formatMoney(available, currency)} is available, below the minimum payout. You can request it all once the campaign is closed.`,
} as const;

/** What is wrong with an amount as typed, against the funds available; null when it may be sent. */
export function amountProblem(text: string, available: number, currency: Money): string | null {
  const amount = parseAmount(text);
  if (amount === null) return PAYOUT_FORM_MESSAGES.amountRequired;
  if (Number.isNaN(amount)) return PAYOUT_FORM_MESSAGES.amountInvalid;
  if (toCents(amount) <= 0) return PAYOUT_FORM_MESSAGES.amountPositive;
  if (toCents(amount) > toCents(available)) return PAYOUT_FORM_MESSAGES.amountTooHigh(available, currency);
  return null;
}

/** An amount as typed, in cents; 0 when empty or not a number. */
const centsOf = (text: string): number => {
  const amount = parseAmount(text);
  return amount === null || Number.isNaN(amount) ? 0 : toCents(amount);
};

type DrawnCampaign = Pick<CampaignFundingInfo, 'id' | 'totalFundsAvailable' | 'currency' | 'status'>;

/**
 * The minimum payout (src/lib/payoutRules.ts, the server's rule) for the amounts typed per
 * campaign id, in the currency of the first campaign drawn on; null when it is met.
 */
export function minimumProblem(
  amounts: Readonly<Record<string, string>>,
  campaigns: readonly DrawnCampaign[],
): string | null {
  const draws = campaigns
    .map((c) => ({
      currencyId: c.currency.id,
      cents: centsOf(amounts[c.id] ?? ''),
      availableCents: toCents(c.totalFundsAvailable),
      status: c.status,
    }))
    .filter((d) => d.cents > 0);
  const [first] = draws;
  return first ? minimumPayoutProblem(first.currencyId, draws) : null;
}

/**
 * Why nothing can be requested from these campaigns (no funds at all, or less than the minimum
 * payout while no campaign has ended), or null when a request can be made. The form is
 * disabled with this reason rather than offering 'Up to R 0.00'.
 */
export function nothingToRequest(campaigns: readonly DrawnCampaign[]): string | null {
  const funded = campaigns.filter((c) => toCents(c.totalFundsAvailable) > 0);
  const [first] = funded;
  if (!first) return PAYOUT_FORM_MESSAGES.nothingAvailable;
  const withdrawable = (c: DrawnCampaign): boolean => {
    const cents = toCents(c.totalFundsAvailable);
    return isClosingWithdrawal([{ cents, availableCents: cents, status: c.status }]);
  };
  const centsIn = (currencyId: number): number =>
    funded
      .filter((c) => c.currency.id === currencyId)
      .reduce((sum, c) => sum + toCents(c.totalFundsAvailable), 0);
  const enough = (c: DrawnCampaign): boolean =>
    centsIn(c.currency.id) >= (MINIMUM_PAYOUT_CENTS[c.currency.id] ?? 0);
  if (funded.some((c) => withdrawable(c) || enough(c))) return null;
  return PAYOUT_FORM_MESSAGES.belowMinimum(fromCents(centsIn(first.currency.id)), first.currency);
}

/** One campaign's amount: as amountProblem, then the minimum payout. */
export function campaignAmountProblem(text: string, funding: DrawnCampaign): string | null {
  return (
    amountProblem(text, funding.totalFundsAvailable, funding.currency) ??
    minimumProblem({ [funding.id]: text }, [funding])
  );
}

/** The individual campaign form (non-Bluetick). */
export type CampaignPayoutValues = {
  payoutAmount: string;
  description: string;
  notes: string;
};

export const emptyCampaignPayout = (): CampaignPayoutValues => ({
  payoutAmount: '',
  description: '',
  notes: '',
});

/** `POST /payouts/` for one campaign: one entry, no tip (tips are asked of organisations). */
export function campaignPayoutRequest(campaignId: string, values: CampaignPayoutValues): PayoutRequest {
  return {
    campaignFundingInfo: [{ id: campaignId, payoutAmount: fromCents(centsOf(values.payoutAmount)) }],
    description: values.description.trim(),
    notes: values.notes.trim(),
    tipPercentage: 0,
  };
}

/** The organisation form: an amount per campaign (by campaign id), the tip, description and notes. */
export type OrganisationPayoutValues = {
  amounts: Record<string, string>;
  tipPercentage: string;
  description: string;
  notes: string;
};

export function emptyOrganisationPayout(campaignIds: readonly string[]): OrganisationPayoutValues {
  return {
    amounts: Object.fromEntries(campaignIds.map((id) => [id, ''])),
    tipPercentage: String(ORG_PAYOUT_TIP_PERCENTAGE),
    description: '',
    notes: '',
  };
}

/** The tip as typed ('3', '2,5', '3 %'), or null when it is not a percentage from 0 to 100. */
export function parseTip(text: string): number | null {
  const compact = text.replace(/[\s%]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(compact)) return null;
  const tip = Number(compact);
  return tip <= 100 ? tip : null;
}

/**
 * Each campaign's problem (by id) and the form's own: an amount above what a campaign has
 * available, a tip outside 0–100, nothing to pay out at all, or a total below the minimum payout. Empty amounts are campaigns left out.
 */
export function organisationPayoutProblems(
  values: OrganisationPayoutValues,
  campaigns: readonly DrawnCampaign[],
): { amounts: Record<string, string>; tipPercentage: string | null; form: string | null } {
  const amounts: Record<string, string> = {};
  let total = 0;
  for (const campaign of campaigns) {
    const text = values.amounts[campaign.id] ?? '';
    if (text.trim() === '') continue;
    const problem = amountProblem(text, campaign.totalFundsAvailable, campaign.currency);
    if (problem) amounts[campaign.id] = problem;
    else total += centsOf(text);
  }
  const tipPercentage = parseTip(values.tipPercentage) === null ? PAYOUT_FORM_MESSAGES.tipInvalid : null;
  const valid = Object.keys(amounts).length === 0;
  const form =
    total === 0 && valid
      ? PAYOUT_FORM_MESSAGES.nothingToSplit
      : valid
        ? minimumProblem(values.amounts, campaigns)
        : null;
  return { amounts, tipPercentage, form };
}

/** `POST /payouts/` for an organisation: an entry per campaign with an amount, in the list's order. */
export function organisationPayoutRequest(
  values: OrganisationPayoutValues,
  campaignIds: readonly string[],
): PayoutRequest {
  return {
    campaignFundingInfo: campaignIds
      .map((id) => ({ id, payoutAmount: fromCents(centsOf(values.amounts[id] ?? '')) }))
      .filter((entry) => entry.payoutAmount > 0),
    description: values.description.trim(),
    notes: values.notes.trim(),
    tipPercentage: parseTip(values.tipPercentage) ?? ORG_PAYOUT_TIP_PERCENTAGE,
  };
}

/** The sum of the amounts typed so far (cents added, so 0.1 + 0.2 stays 0.3). */
export function splitTotal(values: Pick<OrganisationPayoutValues, 'amounts'>): number {
  return fromCents(Object.values(values.amounts).reduce((sum, text) => sum + centsOf(text), 0));
}

/** The Bluetick payout form (SPEC §3): the amount, the option, and the supplier's banking details. */
export type BluetickPayoutValues = CampaignPayoutValues &
  BankingValues & { payoutOption: BluetickPayoutOption; accountHolderEmail: string };

export const emptyBluetickPayout = (): BluetickPayoutValues => ({
  ...emptyCampaignPayout(),
  ...bankingValuesOf(null),
  accountHolderEmail: '',
  payoutOption: PayoutOption.Invoice,
});

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * `POST /payouts/bluetick-payout` form data: the text fields of SPEC §3 and, for the invoice
 * option, the supplier's banking details as JSON text and the invoice as `blueTickPayoutDocument`
 * (the other option pays the campaign's own accepted banking details).
 */
export function bluetickPayoutFormData(
  campaignId: string,
  values: BluetickPayoutValues,
  invoices: readonly File[],
): FormData {
  const byInvoice = values.payoutOption === PayoutOption.Invoice;
  // campaignId first: the server checks the campaign as soon as it arrives, before any file.
  const fields: Omit<BluetickPayoutFields, 'bankingDetails'> & Partial<BluetickPayoutFields> = {
    campaignId,
    payoutAmount: fromCents(centsOf(values.payoutAmount)),
    tipPercentage: 0,
    description: values.description.trim(),
    notes: values.notes.trim(),
  };
  if (byInvoice)
    fields.bankingDetails = {
      accountHolderName: values.accountHolderName.trim(),
      accountHolderEmail: values.accountHolderEmail.trim(),
      statementReference: values.statementReference.trim(),
      idType: numberOrNull(values.idType),
      idNumber: values.idNumber.trim(),
      accountNumber: values.accountNumber.trim(),
      bankName: values.bankName,
      bankNameAlt: values.bankNameAlt.trim(),
      bankCode: values.bankCode.trim(),
      swiftCode: values.swiftCode.trim(),
      accountType: numberOrNull(values.accountType),
      isInternational: values.isInternational,
    };
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    body.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  if (byInvoice) for (const file of invoices) body.append('blueTickPayoutDocument', file, file.name);
  return body;
}

/** A payout's status as its requester reads it (SPEC §3: pending 0, accepted 1, Declined 2, paid 3). */
export function payoutStatusText(payout: Pick<PayoutView, 'status' | 'reason' | 'reference'>): string {
  switch (payout.status) {
    case PayoutStatus.Pending:
      return 'Pending';
    case PayoutStatus.Accepted:
      return 'Accepted';
    case PayoutStatus.Declined:
      return payout.reason ? `Declined: ${payout.reason}` : 'Declined';
    case PayoutStatus.Paid:
      return payout.reference ? `Paid (reference ${payout.reference})` : 'Paid';
    default:
      return 'Unknown';
  }
}

/** Whether money can go out now: only to banking details staff accepted. */
export const bankingAccepted = (status: number | null): boolean => status === BankingRequestStatus.Accepted;

/**
 * The server's field errors at the forms' names: an entry's `campaignFundingInfo.{i}.payoutAmount`
 * (or `.id`) goes under that campaign's amount, `amountName(id)`; other paths stay as they are.
 */
export function payoutFieldErrors(
  fieldErrors: Record<string, string[]> | null | undefined,
  campaignIds: readonly string[],
  amountName: (campaignId: string) => string,
): Record<string, string[]> {
  const moved: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const entry = /^campaignFundingInfo(?:\.(\d+))?(?:\.\w+)?$/.exec(path);
    const id = entry ? campaignIds[Number(entry[1] ?? 0)] : undefined;
    const name = entry && id ? amountName(id) : path;
    moved[name] ??= messages;
  }
  return moved;
}

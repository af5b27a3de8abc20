import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DonationReceiptState } from '~/lib/contracts/receipts';
import { DonationStatus } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { receiptNumberText } from '~/lib/receipts';
import { getDb } from '~/lib/server/db';
import {
  campaignSettings,
  campaigns,
  donationReceipts,
  donations,
  organisations,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { readDonationToken } from '~/lib/server/donations/tokens';

/**
 * Who issues a Section 18A receipt, and for which donations (docs/api/receipts.md). The issuer
 * is the campaign's organisation: only an approved public benefit organisation (one with a PBO
 * reference number) may issue one, and only when it holds an 18A certificate or the campaign
 * says donations to it are tax deductible (`isTaxBenefit`). A personal campaign has no PBO
 * behind it, so a donation to it never gets one, whatever its settings say.
 */

export const RECEIPT_MESSAGES = {
  notFound: 'Donation not found.',
  forbidden: 'Only the donor can ask for this donation’s receipt.',
  notAccepted:
    'This donation is not confirmed yet. You can ask for its Section 18A receipt once the payment has been received.',
  noOrganisation:
    'This campaign is not run by an organisation. Only an approved public benefit organisation can issue a Section 18A receipt, so a donation to it has none.',
  noPboNumber:
    'The organisation behind this campaign has not given its PBO reference number, so it cannot issue Section 18A receipts yet.',
  notTaxDeductible:
    'The organisation behind this campaign does not issue Section 18A receipts for it: it has no Section 18A certificate with us and the campaign does not offer tax certificates.',
  noReceipt: 'No Section 18A receipt has been issued for this donation yet.',
  refunded: 'This donation was refunded in full, so it has no Section 18A receipt.',
  issued: (numberText: string, email: string) => `Receipt No. ${numberText} was sent to ${email}.`,
  issuedNotMailed: (numberText: string) =>
    `Receipt No. ${numberText} was issued. We could not mail it just now: please download it here.`,
  alreadyIssued: (numberText: string) =>
    `This donation already has Section 18A receipt No. ${numberText}: here it is again.`,
  receiptsForbidden: 'Only the organisation’s owners and admins can see its Section 18A receipts.',
} as const;

/**
 * The donor's RECEIPT_MESSAGES in their language (the page's, or the API caller's Accept-Language),
 * read when said; RECEIPT_MESSAGES stays the English, for the organisation's tools and the tests.
 */
export const RECEIPT_WORDS = {
  notFound: () => m.thanks_donation_not_found(),
  forbidden: () => m.thanks_receipt_forbidden(),
  notAccepted: () => m.thanks_receipt_not_accepted(),
  noOrganisation: () => m.thanks_receipt_no_organisation(),
  noPboNumber: () => m.thanks_receipt_no_pbo_number(),
  notTaxDeductible: () => m.thanks_receipt_not_tax_deductible(),
  refunded: () => m.thanks_receipt_refunded(),
  issued: (numberText: string, email: string) => m.thanks_receipt_issued({ number: numberText, email }),
  issuedNotMailed: (numberText: string) => m.thanks_receipt_issued_not_mailed({ number: numberText }),
  alreadyIssued: (numberText: string) => m.thanks_receipt_already_issued({ number: numberText }),
} as const;

/** What decides whether a donation may have a receipt. */
export interface ReceiptFacts {
  donationId: string;
  status: number;
  organisationId: string | null;
  pboNumber: string | null;
  hasCertificate: boolean;
  isTaxBenefit: boolean;
  receiptNumber: number | null;
}

/** Why the campaign's organisation cannot issue a receipt for donations to it (in the donor's language); null when it can. */
export function campaignReceiptProblem(facts: ReceiptFacts): string | null {
  if (facts.organisationId === null) return RECEIPT_WORDS.noOrganisation();
  if (!facts.pboNumber) return RECEIPT_WORDS.noPboNumber();
  if (!facts.hasCertificate && !facts.isTaxBenefit) return RECEIPT_WORDS.notTaxDeductible();
  return null;
}

/** Why this donation cannot have a receipt now (not confirmed, or the campaign's reason); null when it can. */
export function receiptProblem(facts: ReceiptFacts): string | null {
  return (
    campaignReceiptProblem(facts) ??
    (facts.status === DonationStatus.Accepted ? null : RECEIPT_WORDS.notAccepted())
  );
}

/** The facts of each donation named (absent ones are left out). */
export async function loadReceiptFacts(
  donationIds: readonly string[],
  db?: DbOrTx,
): Promise<Map<string, ReceiptFacts>> {
  if (donationIds.length === 0) return new Map();
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({
      donationId: donations.id,
      status: donations.status,
      organisationId: campaigns.organisationId,
      pboNumber: organisations.pboNumber,
      certificateFileId: organisations.s18CertificateFileId,
      isTaxBenefit: campaignSettings.isTaxBenefit,
      receiptNumber: donationReceipts.number,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(
      donationReceipts,
      and(eq(donationReceipts.donationId, donations.id), isNull(donationReceipts.cancelledAt)),
    )
    .where(inArray(donations.id, [...donationIds]));
  return new Map(
    rows.map((row) => [
      row.donationId,
      {
        donationId: row.donationId,
        status: row.status,
        organisationId: row.organisationId,
        pboNumber: row.pboNumber?.trim() || null,
        hasCertificate: row.certificateFileId !== null,
        isTaxBenefit: row.isTaxBenefit === true,
        receiptNumber: row.receiptNumber,
      },
    ]),
  );
}

/** What /thanks and My Donations show of a donation's receipt. */
export function receiptStateOf(facts: ReceiptFacts): DonationReceiptState {
  const reason = campaignReceiptProblem(facts);
  const number = facts.receiptNumber;
  return {
    qualifies: reason === null,
    reason,
    offered: facts.isTaxBenefit || facts.hasCertificate,
    issued: number === null ? null : { number, numberText: receiptNumberText(number) },
  };
}

/** The receipt state of the donation a donation token names (/thanks), or null for any other token. */
export async function receiptStateOfToken(token: string): Promise<DonationReceiptState | null> {
  const donationId = readDonationToken(token);
  if (!donationId) return null;
  return (await loadReceiptStates([donationId])).get(donationId) ?? null;
}

/** The receipt state of each donation named, for the lists that show them. */
export async function loadReceiptStates(
  donationIds: readonly string[],
): Promise<Map<string, DonationReceiptState>> {
  const facts = await loadReceiptFacts(donationIds);
  return new Map([...facts].map(([id, f]) => [id, receiptStateOf(f)]));
}

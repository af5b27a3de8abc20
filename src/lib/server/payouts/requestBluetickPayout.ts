import type { BluetickPayoutOption, PayoutCreated } from '~/lib/contracts/payouts';
import { FundingType } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { VERIFICATION_MESSAGES } from '~/lib/schemas/campaignVerification';
import {
  type BluetickPayoutInput,
  PAYOUT_TIP_DEFAULTS,
  PayoutOption,
  type SupplierBankingInput,
} from '~/lib/schemas/payout';
import type { SessionUser } from '~/lib/server/accounts/session';
import { CAMPAIGN_ACCESS_MESSAGES, type CampaignRow, findCampaignById } from '~/lib/server/campaigns/access';
import { discardFiles } from '~/lib/server/campaigns/images';
import { bankingSubmission, refuseFormerBank, saveDocuments } from '~/lib/server/campaigns/verification';
import { getDb } from '~/lib/server/db';
import { bankingDetailDocuments, bankingDetails } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import type { MultipartGate } from '~/lib/server/http/multipartGate';
import { metrics } from '~/lib/server/platform/metrics';
import { acceptedBankingDetailId } from './banking';
import { assertMinimumPayout, assertWithinFunds, lockCampaignFunds } from './fundsLock';
import { insertPayout } from './insertPayout';
import { mailPayoutRequested } from './payoutMail';

export const BLUETICK_MESSAGES = {
  ownerOnly: 'Only the campaign owner can request a payout for a Bluetick campaign.',
  notBluetick:
    'Only Bluetick campaigns are paid out with this form. Request the payout from the campaign’s funding page.',
  invoiceRequired: 'Please upload the supplier’s invoice.',
  oneInvoice: 'Please upload one invoice.',
  tooManyDocuments: 'Please upload at most 2 banking documents.',
} as const;

export const BLUETICK_LIMITS = { invoice: 1, documents: 2 } as const;

export interface BluetickFiles {
  /** `blueTickPayoutDocument`: the supplier's invoice (invoice option). */
  invoice: readonly File[];
  /** `documents`: proof of the supplier's account, e.g. a bank confirmation letter (invoice option). */
  documents: readonly File[];
}

/** 400 naming the file field when the invoice option's files are missing or too many. */
function assertInvoiceFiles(files: BluetickFiles): void {
  if (files.invoice.length === 0) {
    throw badRequest(BLUETICK_MESSAGES.invoiceRequired, {
      blueTickPayoutDocument: [BLUETICK_MESSAGES.invoiceRequired],
    });
  }
  if (files.invoice.length > BLUETICK_LIMITS.invoice) {
    throw badRequest(BLUETICK_MESSAGES.oneInvoice, {
      blueTickPayoutDocument: [BLUETICK_MESSAGES.oneInvoice],
    });
  }
  if (files.documents.length > BLUETICK_LIMITS.documents) {
    throw badRequest(BLUETICK_MESSAGES.tooManyDocuments, { documents: [BLUETICK_MESSAGES.tooManyDocuments] });
  }
}

/** The supplier's banking details as a Pending row of the campaign: staff review them with the payout. */
async function insertSupplierBanking(
  tx: Tx,
  campaignId: string,
  supplier: SupplierBankingInput,
  userId: string,
  documentIds: readonly string[],
): Promise<string> {
  const [row] = await tx
    .insert(bankingDetails)
    .values({
      campaignId,
      ...(await bankingSubmission(supplier, userId, tx)),
      idNumber: supplier.idNumber || null,
      accountHolderEmail: supplier.accountHolderEmail,
    })
    .returning({ id: bankingDetails.id });
  if (!row) throw new Error('The supplier’s banking details were not inserted');
  if (documentIds.length > 0) {
    await tx
      .insert(bankingDetailDocuments)
      .values(documentIds.map((fileId) => ({ bankingDetailId: row.id, fileId })));
  }
  return row.id;
}

/** The campaign of a Bluetick payout: 404 unknown, 403 not the owner's, 400 not Bluetick. */
async function findBluetickCampaign(user: SessionUser, campaignId: string): Promise<CampaignRow> {
  const campaign = await findCampaignById(campaignId);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  if (campaign.ownerId !== user.id) throw forbidden(BLUETICK_MESSAGES.ownerOnly);
  if (campaign.fundingType !== FundingType.Bluetick) throw badRequest(BLUETICK_MESSAGES.notBluetick);
  return campaign;
}

/**
 * The upload's gate (readMultipart): as soon as `campaignId` has streamed in, the campaign is
 * checked as above, before the invoice or any document is read. A malformed id is left to the schema.
 */
export function bluetickPayoutGate(user: SessionUser): MultipartGate {
  return {
    field: 'campaignId',
    check: async (id) => {
      if (uuidOrNull(id.trim())) await findBluetickCampaign(user, id.trim());
    },
  };
}

/**
 * `POST /payouts/bluetick-payout?payoutOption=`: a Bluetick campaign's owner asks to pay a
 * supplier's invoice (the invoice, a private document, and the supplier's banking details,
 * Pending until staff review them with the payout) or to pay the campaign's own accepted
 * banking details. Never more than the funds available (the campaigns' lock, as POST /payouts/).
 */
export async function requestBluetickPayout(
  user: SessionUser,
  option: BluetickPayoutOption,
  input: BluetickPayoutInput,
  supplier: SupplierBankingInput | null,
  files: BluetickFiles,
): Promise<PayoutCreated> {
  const campaign = await findBluetickCampaign(user, input.campaignId);
  const byInvoice = option === PayoutOption.Invoice;
  if (byInvoice && !supplier) {
    throw badRequest(VERIFICATION_MESSAGES.bankingDetails, {
      bankingDetails: [VERIFICATION_MESSAGES.bankingDetails],
    });
  }
  if (byInvoice) assertInvoiceFiles(files);
  // A supplier's account is always new: it may not name a bank that no longer exists.
  if (byInvoice && supplier) await refuseFormerBank(supplier, null, await getDb());
  const share = { campaignId: campaign.id, cents: toCents(input.payoutAmount) };
  const [invoiceId] = byInvoice ? await saveDocuments(files.invoice, user.id) : [];
  let documentIds: string[] = [];
  let payout: PayoutCreated;
  try {
    if (byInvoice) documentIds = await saveDocuments(files.documents, user.id);
    const db = await getDb();
    payout = await db.transaction(async (tx) => {
      const funds = await lockCampaignFunds(tx, [campaign.id]);
      assertWithinFunds([share], funds);
      const currencyId = funds[0]?.currency.id ?? 1;
      assertMinimumPayout([share], funds, currencyId);
      const bankingDetailId =
        byInvoice && supplier
          ? await insertSupplierBanking(tx, campaign.id, supplier, user.id, documentIds)
          : await acceptedBankingDetailId({ campaignId: campaign.id }, tx);
      const created = await insertPayout(tx, {
        requestedById: user.id,
        organisationId: null,
        campaignId: campaign.id,
        currencyId,
        shares: [share],
        tipPercentage: input.tipPercentage ?? PAYOUT_TIP_DEFAULTS.campaign,
        payoutOption: option,
        description: input.description,
        notes: input.notes,
        bankingDetailId,
        documentFileId: invoiceId ?? null,
      });
      await mailPayoutRequested(tx, user, created);
      return created;
    });
  } catch (error) {
    await discardFiles([...(invoiceId ? [invoiceId] : []), ...documentIds]);
    throw error;
  }
  metrics.payouts.inc({ status: 'pending' });
  return payout;
}

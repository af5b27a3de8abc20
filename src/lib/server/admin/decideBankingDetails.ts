import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import { BankingRequestStatus } from '~/lib/enums';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { bankingDetails, campaigns, organisations } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { conflict } from '~/lib/server/http/errors';
import { applyBankingDecision } from './bankingDecision';
import { decisionAnswer, decisionDetails, runDecision } from './decision';
import { bankingRejectedEmail } from './mailTemplates';
import { ADMIN_API_MESSAGES as M } from './messages';
import { mailDecision, organisationOwners, type Recipient, siteLink, userRecipient } from './notify';

/**
 * `PATCH /admin/banking-details/{id}`: accepts Pending banking details, or
 * rejects them with a reason mailed to whoever submitted them (else the
 * campaign's owner or the organisation's Owners). Row-locked; one audit entry.
 */
export async function decideBankingDetails(
  admin: SessionUser,
  id: string,
  input: AdminDecisionInput,
): Promise<AdminDecision> {
  const at = new Date();
  const { row } = await runDecision(
    admin,
    id,
    {
      notFound: M.bankingNotFound,
      load: async (tx, bankingId) => {
        const [banking] = await tx
          .select({
            id: bankingDetails.id,
            requestStatus: bankingDetails.requestStatus,
            rejectionReason: bankingDetails.rejectionReason,
            accountHolderName: bankingDetails.accountHolderName,
            submittedById: bankingDetails.submittedById,
            campaignId: bankingDetails.campaignId,
            organisationId: bankingDetails.organisationId,
          })
          .from(bankingDetails)
          .where(eq(bankingDetails.id, bankingId))
          .for('update');
        return banking ?? null;
      },
      refusal: (banking) =>
        banking.requestStatus === BankingRequestStatus.Pending ? null : conflict(M.bankingAlreadyDecided),
      apply: async (tx, banking) => ({
        audit: {
          action: input.accepted ? 'admin-banking-details-accept' : 'admin-banking-details-reject',
          entity: 'banking-details',
          entityId: banking.id,
          before: {
            id: banking.id,
            requestStatus: banking.requestStatus,
            rejectionReason: banking.rejectionReason,
          },
          after: await applyBankingDecision(tx, banking.id, { ...input, adminId: admin.id, at }),
        },
        outcome: null,
      }),
      mail: async (tx, banking) => {
        if (input.accepted || !input.reason) return;
        const reason = input.reason;
        const { name, link, owners } = await bankingOwner(tx, banking);
        const submitter = await userRecipient(banking.submittedById, tx);
        await mailDecision(tx, submitter ? [submitter] : owners, (to) =>
          bankingRejectedEmail({
            firstName: to.firstName,
            name,
            accountHolderName: banking.accountHolderName,
            reason,
            link,
          }),
        );
      },
    },
    decisionDetails(input),
  );
  return decisionAnswer(row.id, input, at, row.id);
}

/** What the banking details were for: its name, where to send them again, and its owners. */
async function bankingOwner(
  db: DbOrTx,
  row: {
    campaignId: string | null;
    organisationId: string | null;
  },
): Promise<{ name: string; link: string; owners: Recipient[] }> {
  if (row.organisationId) {
    const [organisation] = await db
      .select({ legalName: organisations.legalName })
      .from(organisations)
      .where(eq(organisations.id, row.organisationId));
    return {
      name: organisation?.legalName ?? 'your organisation',
      link: siteLink(`/organization/edit/${row.organisationId}`),
      owners: await organisationOwners(row.organisationId, db),
    };
  }
  const [campaign] = row.campaignId
    ? await db
        .select({ name: campaigns.name, ownerId: campaigns.ownerId })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId))
    : [];
  const owner = await userRecipient(campaign?.ownerId ?? null, db);
  return {
    name: campaign?.name ?? 'your campaign',
    link: siteLink(`/campaign/edit/${row.campaignId}`),
    owners: owner ? [owner] : [],
  };
}

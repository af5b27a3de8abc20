import { eq } from 'drizzle-orm';
import type { AdminDecision } from '~/lib/contracts/admin';
import { BankingRequestStatus } from '~/lib/enums';
import type { AdminDecisionInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { bankingDetails, campaigns, organisations } from '~/lib/server/db/schema';
import { conflict, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { applyBankingDecision } from './bankingDecision';
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
  const bankingId = uuidOrNull(id);
  if (!bankingId) throw notFound(M.bankingNotFound);
  const db = await getDb();
  const at = new Date();
  const row = await db.transaction(async (tx) => {
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
    if (!banking) throw notFound(M.bankingNotFound);
    if (banking.requestStatus !== BankingRequestStatus.Pending) throw conflict(M.bankingAlreadyDecided);
    const after = await applyBankingDecision(tx, banking.id, { ...input, adminId: admin.id, at });
    await recordAudit(
      {
        actorId: admin.id,
        action: input.accepted ? 'admin-banking-details-accept' : 'admin-banking-details-reject',
        entity: 'banking-details',
        entityId: banking.id,
        before: {
          id: banking.id,
          requestStatus: banking.requestStatus,
          rejectionReason: banking.rejectionReason,
        },
        after,
      },
      tx,
    );
    return banking;
  });
  if (!input.accepted && input.reason) {
    const reason = input.reason;
    const { name, link, owners } = await bankingOwner(row);
    const submitter = await userRecipient(row.submittedById);
    await mailDecision(submitter ? [submitter] : owners, (to) =>
      bankingRejectedEmail({
        firstName: to.firstName,
        name,
        accountHolderName: row.accountHolderName,
        reason,
        link,
      }),
    );
  }
  return {
    id: row.id,
    accepted: input.accepted,
    reason: input.accepted ? null : input.reason,
    reviewedAt: at.toISOString(),
    bankingDetailId: row.id,
  };
}

/** What the banking details were for: its name, where to send them again, and its owners. */
async function bankingOwner(row: {
  campaignId: string | null;
  organisationId: string | null;
}): Promise<{ name: string; link: string; owners: Recipient[] }> {
  const db = await getDb();
  if (row.organisationId) {
    const [organisation] = await db
      .select({ legalName: organisations.legalName })
      .from(organisations)
      .where(eq(organisations.id, row.organisationId));
    return {
      name: organisation?.legalName ?? 'your organisation',
      link: siteLink(`/organization/edit/${row.organisationId}`),
      owners: await organisationOwners(row.organisationId),
    };
  }
  const [campaign] = row.campaignId
    ? await db
        .select({ name: campaigns.name, ownerId: campaigns.ownerId })
        .from(campaigns)
        .where(eq(campaigns.id, row.campaignId))
    : [];
  const owner = await userRecipient(campaign?.ownerId ?? null);
  return {
    name: campaign?.name ?? 'your campaign',
    link: siteLink(`/campaign/edit/${row.campaignId}`),
    owners: owner ? [owner] : [],
  };
}

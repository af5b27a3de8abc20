import { and, eq } from 'drizzle-orm';
import { OrgUserRole } from '~/lib/enums';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { getDb } from '~/lib/server/db';
import { organisationUsers, users } from '~/lib/server/db/schema';
import { env } from '~/lib/server/platform/env';
import { sendMail } from '~/lib/server/platform/mail';

export interface Recipient {
  email: string;
  firstName: string;
}

/** An absolute link to a path of the site. */
export const siteLink = (path: string): string => `${env.publicUrl}${path}`;

/** Where the requester follows their payouts: the payout pages of the organisation or the campaign. */
export const payoutsLink = (owner: { organisationId: string | null; campaignId: string | null }): string =>
  siteLink(
    owner.organisationId
      ? `/payout/organization/${owner.organisationId}`
      : `/payout/campaign/${owner.campaignId}`,
  );

export async function userRecipient(userId: string | null): Promise<Recipient | null> {
  if (!userId) return null;
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The organisation's Owners: verification and banking decide where its money goes. */
export async function organisationOwners(organisationId: string): Promise<Recipient[]> {
  const db = await getDb();
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        eq(organisationUsers.role, OrgUserRole.Owner),
      ),
    );
}

/**
 * Sends a decision's mail to each recipient after the decision is saved. A mail
 * that cannot go out is logged (platform/mail.ts) and does not undo the decision.
 */
export async function mailDecision(
  recipients: readonly Recipient[],
  template: (recipient: Recipient) => EmailTemplate,
): Promise<void> {
  await Promise.all(
    recipients.map(async (recipient) => {
      try {
        await sendMail({ to: recipient.email, ...template(recipient) }, { capped: false });
      } catch {
        // Already logged by sendMail; the decision stands.
      }
    }),
  );
}

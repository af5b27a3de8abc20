import { and, eq } from 'drizzle-orm';
import { OrgUserRole } from '~/lib/enums';
import type { EmailTemplate } from '~/lib/server/accounts/mailTemplates';
import { getDb } from '~/lib/server/db';
import { organisationUsers, users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';

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

export async function userRecipient(userId: string | null, db?: DbOrTx): Promise<Recipient | null> {
  if (!userId) return null;
  db ??= await getDb();
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The organisation's Owners, with their user ids: verification and banking decide where its money goes. */
export async function organisationOwners(
  organisationId: string,
  db?: DbOrTx,
): Promise<(Recipient & { userId: string })[]> {
  db ??= await getDb();
  return db
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(organisationUsers)
    .innerJoin(users, eq(users.id, organisationUsers.userId))
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        eq(organisationUsers.role, OrgUserRole.Owner),
      ),
    );
}

/** Queues a decision's mail to each recipient in the decision's transaction `tx`. */
export async function mailDecision(
  tx: DbOrTx,
  recipients: readonly Recipient[],
  template: (recipient: Recipient) => EmailTemplate,
): Promise<void> {
  // One after another: a transaction runs one statement at a time.
  for (const recipient of recipients)
    await sendMail({ to: recipient.email, ...template(recipient) }, { tx, capped: false });
}

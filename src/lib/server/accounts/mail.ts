import type { EmailTokenPurpose } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import type { DbOrTx } from '~/lib/server/db/types';
import { sendMail } from '~/lib/server/mail/send';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { issueEmailToken } from './emailTokens';
import {
  type EmailTemplate,
  type LinkEmailInput,
  passwordResetEmail,
  setPasswordEmail,
  verificationEmail,
} from './mailTemplates';

/** Where each emailed link lands in the browser (docs/api/accounts.md, "Mail links"). */
const LINK_PATHS = {
  verify: '/auth/verify',
  reset: '/auth/reset-password',
  'set-password': '/auth/set-password',
} as const satisfies Partial<Record<EmailTokenPurpose, string>>;

type LinkPurpose = keyof typeof LINK_PATHS;

const TEMPLATES: Record<LinkPurpose, (input: LinkEmailInput) => EmailTemplate> = {
  verify: verificationEmail,
  reset: passwordResetEmail,
  'set-password': setPasswordEmail,
};

export interface MailRecipient {
  id: string;
  email: string;
  firstName: string;
}

/** An absolute link carrying a fresh single-use token of `purpose` for the user. */
export async function createAccountLink(userId: string, purpose: LinkPurpose, db?: DbOrTx): Promise<string> {
  const token = await issueEmailToken(userId, purpose, db ? { db } : {});
  return `${env.publicUrl}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;
}

/**
 * Issues a link of `purpose` and queues its mail to the user, both in `tx` (the change the link
 * belongs to, such as a new account) or in a transaction of their own: no link without its mail.
 */
export async function sendAccountLink(user: MailRecipient, purpose: LinkPurpose, tx?: DbOrTx): Promise<void> {
  const db = tx ?? (await getDb());
  await db.transaction(async (inner) => {
    const link = await createAccountLink(user.id, purpose, inner);
    const message = TEMPLATES[purpose]({ firstName: user.firstName, link });
    await sendMail({ to: user.email, ...message }, { tx: inner });
  });
}

/**
 * Runs mail work without making the request wait for it: the answers of
 * forgot-password and resend must not take longer for accounts that exist.
 * Failures (of the database: queuing a mail does not wait for the mail server) are logged.
 */
export function inBackground(what: string, work: () => Promise<void>): void {
  void work().catch((error: unknown) => {
    log.error({ area: 'accounts', work: what, err: error }, 'Account mail failed');
  });
}

import type { EmailTokenPurpose } from '~/lib/enums';
import type { DbOrTx } from '~/lib/server/db/types';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { sendMail } from '~/lib/server/platform/mail';
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

/** Issues a link of `purpose` and mails it to the user with its template. */
export async function sendAccountLink(user: MailRecipient, purpose: LinkPurpose): Promise<void> {
  const link = await createAccountLink(user.id, purpose);
  const message = TEMPLATES[purpose]({ firstName: user.firstName, link });
  await sendMail({ to: user.email, ...message });
}

/**
 * Runs mail work without making the request wait for it: the answers of
 * forgot-password and resend must not take longer for accounts that exist.
 * Failures are logged (sendMail already names the recipient).
 */
export function inBackground(what: string, work: () => Promise<void>): void {
  void work().catch((error: unknown) => {
    log.error({ area: 'accounts', work: what, err: error }, 'Account mail failed');
  });
}

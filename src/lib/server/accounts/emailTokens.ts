import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { EmailTokenPurpose } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { emailTokens } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { hashToken } from './tokens';

const HOUR = 60 * 60 * 1000;

/** How long an emailed link works (docs/api/accounts.md). */
export const EMAIL_TOKEN_LIFETIME_MS: Readonly<Record<EmailTokenPurpose, number>> = {
  verify: 48 * HOUR,
  reset: HOUR,
  'set-password': 7 * 24 * HOUR,
  invite: 7 * 24 * HOUR,
};

/**
 * A fresh single-use token for a link in an email: 32 random bytes,
 * base64url. Only its SHA-256 is stored, so a database leak spends no links.
 */
export async function issueEmailToken(
  userId: string,
  purpose: EmailTokenPurpose,
  options: { db?: DbOrTx; now?: Date } = {},
): Promise<string> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Spends a token of `purpose`: the user it was issued to, or null when it is
 * unknown, of another purpose, expired or already used. Spending one also
 * retires the user's other unused links of that purpose.
 */
export async function consumeEmailToken(
  token: string,
  purpose: EmailTokenPurpose,
  options: { db?: DbOrTx; now?: Date } = {},
): Promise<string | null> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  // One conditional update: two clicks racing on one link cannot both win.
  const [spent] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  if (!spent) return null;
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(eq(emailTokens.userId, spent.userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
    );
  return spent.userId;
}

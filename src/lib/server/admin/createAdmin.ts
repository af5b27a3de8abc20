import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { emailSchema } from '~/lib/schemas/auth';
import { hashPassword } from '~/lib/server/accounts/passwords';
import { users } from '~/lib/server/db/schema';
import type { Db } from '~/lib/server/db/types';
import { recordAudit } from '~/lib/server/platform/audit';

export type AdminCreated =
  | { outcome: 'promoted' | 'already-admin'; userId: string; email: string }
  | { outcome: 'created'; userId: string; email: string; password: string };

/** The first name a new admin account gets from its address: `nomsa.k@x` → 'Nomsa'. */
function firstNameOf(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word[0]?.toUpperCase() + word.slice(1) : 'Letsema';
}

/**
 * `npm run admin:create -- email` (scripts/admin-create.ts): promotes the account
 * with that address to platform admin, or creates one with a confirmed address
 * and a generated password (answered once, never stored in clear). One audit entry.
 * A bad address throws with the sign-up form's message.
 */
export async function createOrPromoteAdmin(db: Db, rawEmail: string): Promise<AdminCreated> {
  const parsed = v.safeParse(emailSchema, rawEmail);
  if (!parsed.success) throw new Error(parsed.issues[0].message);
  const email = parsed.output;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for('update');
    if (existing?.role === 'admin')
      return { outcome: 'already-admin', userId: existing.id, email: existing.email };
    if (existing) {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
      await recordAudit(
        {
          actorId: null,
          action: 'admin-create',
          entity: 'user',
          entityId: existing.id,
          before: { role: existing.role },
          after: { role: 'admin' },
        },
        tx,
      );
      return { outcome: 'promoted', userId: existing.id, email: existing.email };
    }
    const password = randomBytes(18).toString('base64url');
    const [created] = await tx
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        firstName: firstNameOf(email),
        lastName: 'Admin',
        emailConfirmed: true,
        role: 'admin',
      })
      .returning({ id: users.id });
    if (!created) throw new Error('The admin account was not created');
    await recordAudit(
      {
        actorId: null,
        action: 'admin-create',
        entity: 'user',
        entityId: created.id,
        before: null,
        after: { email, role: 'admin' },
      },
      tx,
    );
    return { outcome: 'created', userId: created.id, email, password };
  });
}

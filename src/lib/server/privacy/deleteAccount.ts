import { and, notInArray } from 'drizzle-orm';
import { RecurringStatus } from '~/lib/enums';
import { type DeleteAccountInput, PRIVACY_MESSAGES } from '~/lib/schemas/privacy';
import { verifyPassword } from '~/lib/server/accounts/passwords';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { recurringDonations } from '~/lib/server/db/schema';
import { cancelRecurringDonation } from '~/lib/server/donations/recurring';
import { badRequest, HttpError } from '~/lib/server/http/errors';
import { keysOf } from '~/lib/server/platform/files';
import { log } from '~/lib/server/platform/log';
import { enforceRateLimits, minutes, type RateLimitRule } from '~/lib/server/platform/rateLimit';
import { getStorage } from '~/lib/server/platform/storage';
import { isSafeStorageKey } from '~/lib/server/platform/storageContract';
import { type AccountRow, assertOwnAccount, findAccount } from './account';
import { eraseAccount } from './eraseAccount';
import { assertNoMoneyOutstanding } from './moneyOutstanding';
import { pledgedBy, type Subject } from './userRows';

/**
 * Attempts at the password, counted per account like login's: a stolen access token gets a few
 * guesses, not a dictionary. Every attempt counts; the account is gone after the right one.
 */
export const DELETE_ACCOUNT_LIMIT: RateLimitRule = {
  name: 'delete-account:account',
  limit: 5,
  windowMs: 15 * 60_000,
};

async function checkPassword(account: AccountRow, password: string): Promise<void> {
  await enforceRateLimits([{ rule: DELETE_ACCOUNT_LIMIT, subject: account.id }], (n) =>
    PRIVACY_MESSAGES.tooManyAttempts(minutes(n)),
  );
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw badRequest(PRIVACY_MESSAGES.wrongPassword, { password: [PRIVACY_MESSAGES.wrongPassword] });
  }
}

const ENDED: number[] = [
  RecurringStatus.Expired,
  RecurringStatus.CanceledAtTransaction,
  RecurringStatus.CanceledAtManage,
];

/**
 * Stops the user's monthly donations at PayFast before anything is erased: a subscription left
 * running would keep charging a card whose owner we can no longer name or reach.
 */
async function cancelMonthlyDonations(subject: Subject): Promise<void> {
  const db = await getDb();
  const running = await db
    .select({ id: recurringDonations.id })
    .from(recurringDonations)
    .where(and(pledgedBy(subject), notInArray(recurringDonations.status, ENDED)));
  for (const { id } of running) {
    try {
      await cancelRecurringDonation(id);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new HttpError(
        502,
        'We could not cancel your monthly donation at PayFast just now, so your account was not deleted. Please try again in a few minutes.',
        null,
        'gateway_refused',
      );
    }
  }
}

/** Deletes the bytes of the removed files; a failure leaves only unreachable bytes behind, so it is logged. */
async function deleteBytes(storageKeys: readonly string[]): Promise<void> {
  const storage = getStorage();
  const keys = storageKeys.flatMap((storageKey) => keysOf({ storageKey })).filter(isSafeStorageKey);
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected')
      log.error({ area: 'privacy', err: result.reason }, 'The bytes of a deleted file were not removed');
  }
}

/**
 * `DELETE /users/{id}` (docs/api/privacy.md): with the account's password, erases the user's
 * personal data in one transaction (eraseAccount.ts) and keeps their donations in the ledger as
 * 'Anonymous'. 403 for anyone but the user, 400 for a wrong password, 429 past the attempts,
 * 409 while money of theirs is not yet paid out, 502 when PayFast will not cancel a monthly donation.
 */
export async function deleteAccount(
  viewer: SessionUser,
  userId: string,
  input: DeleteAccountInput,
): Promise<void> {
  assertOwnAccount(viewer, userId);
  const account = await findAccount(userId);
  await checkPassword(account, input.password);
  await assertNoMoneyOutstanding(account.id);
  const subject: Subject = { id: account.id, email: account.email.toLowerCase() };
  await cancelMonthlyDonations(subject);
  const db = await getDb();
  const removedKeys = await db.transaction((tx) => eraseAccount(tx, account));
  await deleteBytes(removedKeys);
}

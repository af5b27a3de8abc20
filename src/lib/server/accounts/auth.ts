import { eq, sql } from 'drizzle-orm';
import type { AuthTokens, EmailVerified, LoginData, Registered } from '~/lib/contracts/accounts';
import { m } from '~/lib/i18n';
import type { LoginInput, RegisterInput } from '~/lib/schemas/auth';
import { authMessage } from '~/lib/schemas/auth';
import { getDb } from '~/lib/server/db';
import { isUniqueViolation } from '~/lib/server/db/errors';
import { users } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { badRequest, conflict, HttpError, unauthenticated } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { captchaFailedMessage, verifyCaptcha } from '~/lib/server/platform/captcha';
import {
  attemptsIn,
  countAttempt,
  enforceRateLimits,
  RATE_LIMITS,
  type RateLimitCheck,
  releaseAttempt,
  resetAttempts,
  tooManyRequests,
} from '~/lib/server/platform/rateLimit';
import { loadCurrentUser } from './claims';
import { consumeEmailToken } from './emailTokens';
import { createAccountLink, inBackground, sendAccountLink } from './mail';
import { assertPasswordNotCommon, hashPassword, verifyPassword } from './passwords';
import {
  issueTokenPair,
  revokeAllRefreshTokens,
  revokeFamily,
  revokeFamilyOf,
  rotateRefreshToken,
  signAccessToken,
} from './tokens';

export const ACCOUNT_MESSAGES = {
  registered: 'Profile created! Check your email for the verification link.',
  emailTaken: 'An account with this email address already exists. Try logging in or resetting your password.',
  verified: 'Your email address is verified. You can now log in.',
  verificationSent: 'If that account still needs verifying, we have sent a new verification link.',
  wrongCredentials: 'Incorrect email or password.',
  deactivated: 'This account has been deactivated. Contact support.',
  resetSent: 'Success! Check your email to reset your password.',
  passwordChanged: 'Success! You can login with your new password.',
} as const;

type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

const ACCOUNT_MESSAGE_TEXTS: Record<AccountMessageKey, () => string> = {
  registered: () => m.auth_registered(),
  emailTaken: () => m.auth_email_taken(),
  verified: () => m.auth_verified(),
  verificationSent: () => m.auth_verification_sent(),
  wrongCredentials: () => m.auth_wrong_credentials(),
  deactivated: () => m.auth_deactivated(),
  resetSent: () => m.auth_reset_requested(),
  passwordChanged: () => m.auth_password_changed(),
};

/**
 * An ACCOUNT_MESSAGES text in the request's language (issue 27); the English one is the constant's,
 * word for word. Called when the answer is made, never at module level.
 */
export const accountMessage = (key: AccountMessageKey): string => ACCOUNT_MESSAGE_TEXTS[key]();

/** 'Too many login attempts. Please wait 5 minutes and try again.', in the request's language. */
const tooManyLogins = (n: number): string => m.auth_too_many_logins({ count: n });

/** 400 with code `captcha_required`: the login form shows the captcha and sends the login again with its answer. */
const captchaRequired = (message: string): HttpError =>
  new HttpError(400, message, { recaptchaToken: [message] }, 'captcha_required');

interface UserRow {
  id: string;
  email: string;
  firstName: string;
  passwordHash: string | null;
  active: boolean;
  emailConfirmed: boolean;
}

const userRowColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  active: users.active,
  emailConfirmed: users.emailConfirmed,
};

/** The account with this email in any case (users_email_lower_key makes it unique), or null. */
async function findUserByEmail(email: string, db?: DbOrTx): Promise<UserRow | null> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select(userRowColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

const accountKey = (email: string): string => email.toLowerCase();

/**
 * Creates an unconfirmed account and mails its verification link; 409 when
 * the email is taken. Each registration mails someone, so an address may make
 * only a few an hour (429); `address` is the client's (callers outside a
 * request, such as seeding, pass none).
 */
export async function register(input: RegisterInput, address?: string): Promise<Registered> {
  if (address)
    await enforceRateLimits([{ rule: RATE_LIMITS.registerAddress, subject: address }], tooManyRequests);
  assertPasswordNotCommon(input.password);
  if (await findUserByEmail(input.email)) throw conflict(accountMessage('emailTaken'));
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  let created: { id: string; email: string; firstName: string };
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          msisdn: input.phone ?? null,
        })
        .returning({ id: users.id, email: users.email, firstName: users.firstName });
      if (!row) throw new Error('The new user row was not returned.');
      await recordAudit({ actorId: row.id, action: 'register', entity: 'user', entityId: row.id }, tx);
      // Queued with the account: it exists if and only if its verification mail is on its way.
      await sendAccountLink(row, 'verify', tx);
      return row;
    });
  } catch (error) {
    // Two registrations racing past the check above: the unique index decides, and the loser hears 409.
    if (isUniqueViolation(error)) throw conflict(accountMessage('emailTaken'));
    throw error;
  }
  return { id: created.id, email: created.email };
}

/** Confirms the email address of the verification link's user; 400 for a used, expired or unknown link. */
export async function verifyUser(token: string): Promise<EmailVerified> {
  const db = await getDb();
  const confirmed = await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(token, 'verify', { db: tx });
    if (!userId) return false;
    await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId));
    return true;
  });
  if (!confirmed) throw badRequest(authMessage('invalidVerifyLink'));
  return { emailConfirmed: true };
}

/** Mails a new verification link when the account exists and still needs it; says nothing either way. */
export async function resendVerification(email: string, address: string): Promise<void> {
  await enforceRateLimits(
    [
      { rule: RATE_LIMITS.verificationAccount, subject: accountKey(email) },
      { rule: RATE_LIMITS.verificationAddress, subject: address },
    ],
    tooManyRequests,
  );
  inBackground('Resending a verification mail', async () => {
    const user = await findUserByEmail(email);
    if (user?.active && !user.emailConfirmed) await sendAccountLink(user, 'verify');
  });
}

/**
 * Checks a password and starts a session (docs/api/accounts.md "Rate limits").
 * Failures count per address and per account and address: past those, that
 * address waits (429). Failures of the account from anywhere never lock it:
 * past 5, every login of it needs a captcha (400 `captcha_required`), so the
 * owner with the right password always gets in. Each attempt holds its places
 * while it runs and gives them back when the password was right.
 */
export async function login(input: LoginInput, address: string): Promise<LoginData> {
  const account = accountKey(input.email);
  const accountCheck: RateLimitCheck = { rule: RATE_LIMITS.loginAccount, subject: account };
  const addressCheck: RateLimitCheck = { rule: RATE_LIMITS.loginAddress, subject: address };
  const accountAddressCheck: RateLimitCheck = {
    rule: RATE_LIMITS.loginAccountAddress,
    subject: `${account} ${address}`,
  };
  const held = [addressCheck, accountAddressCheck];
  await enforceRateLimits(held, tooManyLogins);
  if ((await attemptsIn(accountCheck)) >= RATE_LIMITS.loginAccount.limit) {
    const solved = await verifyCaptcha(input.recaptchaToken, address);
    if (!solved) {
      // Asking for the captcha is part of the form's normal flow, not a failed guess.
      await Promise.all(held.map((check) => releaseAttempt(check)));
      throw captchaRequired(input.recaptchaToken ? captchaFailedMessage() : authMessage('captchaRequired'));
    }
  }
  await countAttempt(accountCheck);
  const user = await findUserByEmail(input.email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) {
    if (user) {
      await recordAudit({
        actorId: user.id,
        action: 'login-failed',
        entity: 'user',
        entityId: user.id,
        details: { address },
      });
    }
    throw badRequest(accountMessage('wrongCredentials'));
  }
  // The address only gets this attempt back: its own account's success must not wipe its guesses at others.
  await Promise.all([
    resetAttempts(accountCheck),
    resetAttempts(accountAddressCheck),
    releaseAttempt(addressCheck),
  ]);
  // Said only to someone who knows the password, so it reveals nothing to a guesser.
  if (!user.active) throw badRequest(accountMessage('deactivated'));
  const db = await getDb();
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  await recordAudit({
    actorId: user.id,
    action: 'login',
    entity: 'user',
    entityId: user.id,
    details: { address },
  });
  const current = await loadCurrentUser(user.id);
  if (!current) throw badRequest(accountMessage('wrongCredentials'));
  const tokens = await issueTokenPair(current);
  return { ...tokens, access: { user: current } };
}

/** Rotates the refresh token and signs a new access token from today's data; 401 'Session expired' otherwise. */
export async function refreshSession(refreshToken: string): Promise<AuthTokens> {
  const rotated = await rotateRefreshToken(refreshToken);
  const user = await loadCurrentUser(rotated.userId);
  if (!user?.active) {
    await revokeFamily(rotated.familyId);
    throw unauthenticated(authMessage('sessionExpired'));
  }
  // Signed at the rotation's time with its id: a second tab within the grace window gets the same pair.
  const accessToken = await signAccessToken(user, rotated.familyId, rotated.issuedAt, rotated.accessJti);
  return { accessToken, refreshToken: rotated.refreshToken };
}

/** Ends the login the refresh token belongs to; unknown tokens are quietly ignored. */
export async function logout(refreshToken: string): Promise<void> {
  await revokeFamilyOf(refreshToken);
}

/** Mails a password reset link when the account exists; the answer is the same either way. */
export async function forgotPassword(email: string, address: string): Promise<void> {
  await enforceRateLimits(
    [
      { rule: RATE_LIMITS.forgotPasswordAccount, subject: accountKey(email) },
      { rule: RATE_LIMITS.forgotPasswordAddress, subject: address },
    ],
    tooManyRequests,
  );
  inBackground('Sending a password reset mail', async () => {
    const user = await findUserByEmail(email);
    if (user?.active) await sendAccountLink(user, 'reset');
  });
}

/**
 * Spends an emailed link of `purpose` and sets the password: every session of
 * the user ends, and the email counts as confirmed (the link reached it).
 */
async function changePasswordWithLink(
  token: string,
  password: string,
  purpose: 'reset' | 'set-password',
  invalidLink: 'invalidResetLink' | 'invalidSetPasswordLink',
): Promise<void> {
  // Before spending the link, so a refused password leaves it usable.
  assertPasswordNotCommon(password);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const userId = await db.transaction(async (tx) => {
    const owner = await consumeEmailToken(token, purpose, { db: tx });
    if (!owner) return null;
    await tx.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, owner));
    await revokeAllRefreshTokens(owner, tx);
    await recordAudit(
      {
        actorId: owner,
        action: purpose === 'reset' ? 'password-reset' : 'password-set',
        entity: 'user',
        entityId: owner,
      },
      tx,
    );
    return owner;
  });
  if (!userId) throw badRequest(authMessage(invalidLink));
}

export function resetPassword(token: string, password: string): Promise<void> {
  return changePasswordWithLink(token, password, 'reset', 'invalidResetLink');
}

export function setPassword(token: string, password: string): Promise<void> {
  return changePasswordWithLink(token, password, 'set-password', 'invalidSetPasswordLink');
}

/**
 * An absolute `/auth/set-password?token=…` link, valid 7 days, for an account
 * someone else created (a donation, an invitation). Pass the caller's
 * transaction so the link exists only if the account does.
 */
export function createSetPasswordLink(userId: string, db?: DbOrTx): Promise<string> {
  return createAccountLink(userId, 'set-password', db);
}

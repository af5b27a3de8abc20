import { persistentAtom } from '@nanostores/persistent';
import { authApi, type Envelope, renewAccessToken } from '~/lib/api';
import { type ApiFailureBody, LOGIN_PATH, passwordFailureMessage } from '~/lib/api/errors';
import { failureBodyOf, notifyStoreError } from '~/lib/api/storeErrors';
import type { EmailVerified, LoginData, Registered } from '~/lib/contracts/accounts';
import type { CurrentUser } from '~/lib/currentUser';
import { href, m } from '~/lib/i18n';
import type {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  SetPasswordInput,
} from '~/lib/schemas/auth';
import { resetCampaignCreation } from './campaignCreation';
import { setFlash } from './flash';
import { takeReturnPath } from './returnPath';
import { clearLocalStorage } from './storage';
import { $accessToken, $currentUser, $refreshToken, clearTokens, signIn } from './tokens';

export { $currentUser, currentUserFromToken } from './tokens';
export type { CurrentUser };
export { LOGIN_PATH };

/** Where a successful login goes when no page asked to be returned to. */
const HOME_PATH = '/home';

/** SPEC §3/§9: counted and stored, never enforced here (the server rate-limits logins). */
const $loginAttempts = persistentAtom<number>('loginAttempts', 0, {
  encode: String,
  decode: (value) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  },
});

/** What the pages need back from an action: whether it worked and the server's message. */
export type ActionResult = { ok: true; message: string | null } | { ok: false; error: unknown };

const WELCOME_TOAST_MS = 2500;

interface RunOptions {
  /** No toast: the page shows the failure itself. */
  quiet?: boolean;
  /** The toast when the answer lists no errors (default 'Something went wrong, please try again'). */
  fallback?: (body: ApiFailureBody) => string;
}

async function run<T>(call: () => Promise<Envelope<T>>, options: RunOptions = {}): Promise<ActionResult> {
  try {
    const body = await call();
    return { ok: true, message: body.meta?.message ?? null };
  } catch (error) {
    if (!options.quiet) notifyStoreError(error, options.fallback);
    return { ok: false, error };
  }
}

/** The login's answer after repeated failures of an account (docs/api/accounts.md "Captcha on login"). */
export const CAPTCHA_REQUIRED_CODE = 'captcha_required';

/**
 * Login (SPEC §4): stores the tokens, resets the attempt count and greets the
 * user by first name on the next page (the saved return path, else /home).
 * A failure or an empty answer counts one more attempt.
 */
export async function login(
  credentials: LoginInput,
  options: { quietCaptchaRequired?: boolean } = {},
): Promise<ActionResult> {
  try {
    const body = await authApi
      .post('authentication/login/', {
        json: credentials,
        context: options.quietCaptchaRequired ? { quietCodes: [CAPTCHA_REQUIRED_CODE] } : {},
      })
      .json<Envelope<LoginData>>();
    const { accessToken, refreshToken, access } = body.data ?? {};
    if (!accessToken || !refreshToken) throw new Error('The login answer carried no tokens.');
    signIn({ accessToken, refreshToken });
    $loginAttempts.set(0);
    const firstName = access?.user?.firstName || $currentUser.get()?.firstName || '';
    const next = takeReturnPath() ?? href(HOME_PATH);
    setFlash(
      {
        id: 'welcome',
        type: 'success',
        message: firstName ? m.auth_welcome_back_name({ firstName }) : m.auth_welcome_back(),
        duration: WELCOME_TOAST_MS,
      },
      next,
    );
    window.location.assign(next);
    return { ok: true, message: body.meta?.message ?? null };
  } catch (error) {
    $loginAttempts.set($loginAttempts.get() + 1);
    // The form answers the captcha request itself (LoginForm): no toast asking for it.
    const captchaAsked = failureBodyOf(error).errors.some((e) => e.code === CAPTCHA_REQUIRED_CODE);
    if (!(options.quietCaptchaRequired && captchaAsked)) notifyStoreError(error);
    return { ok: false, error };
  }
}

/** Registration: the page then says to check the mail. */
export function register(input: RegisterInput | Record<string, unknown>): Promise<ActionResult> {
  return run(() => authApi.post('authentication/register/', { json: input }).json<Envelope<Registered>>());
}

/** The verification link's landing page; the page shows the failure itself, so no toast. */
export function verifyEmail(token: string): Promise<ActionResult> {
  return run(
    () => authApi.patch('authentication/verify-user/', { json: { token } }).json<Envelope<EmailVerified>>(),
    {
      quiet: true,
    },
  );
}

/** Sends a new verification link. */
export function resendVerification(email: string): Promise<ActionResult> {
  return run(() =>
    authApi.post('authentication/verification-email/', { json: { email } }).json<Envelope<null>>(),
  );
}

export function requestPasswordReset(input: ForgotPasswordInput): Promise<ActionResult> {
  return run(() => authApi.post('authentication/forgot-password', { json: input }).json<Envelope<null>>());
}

/** Reset and set-password failures are shown on their page (SPEC §8 message rules), and toasted when listed. */
export function resetPassword(input: ResetPasswordInput): Promise<ActionResult> {
  return run(() => authApi.post('authentication/reset-password/', { json: input }).json<Envelope<null>>(), {
    fallback: (body) => passwordFailureMessage(body, 'reset'),
  });
}

export function setPassword(input: SetPasswordInput): Promise<ActionResult> {
  return run(() => authApi.post('authentication/set-password/', { json: input }).json<Envelope<null>>(), {
    fallback: (body) => passwordFailureMessage(body, 'set'),
  });
}

/**
 * The signed-in user for a protected page, renewing the session first when
 * only a refresh token is left. Null when there is none: the visitor is on
 * the way to the login page (with the return path saved by the caller).
 */
export async function ensureSession(): Promise<CurrentUser | null> {
  const user = $currentUser.get();
  if (user) return user;
  if (!$refreshToken.get()) return null;
  try {
    await renewAccessToken($accessToken.get());
    return $currentUser.get();
  } catch {
    return null;
  }
}

/** The campaign being created is one of them (./campaignCreation stays free of this module). */
const sessionResetters = new Set<() => void>([resetCampaignCreation]);

/** Lets another store forget its state on logout ("every store", SPEC §4) without importing it here. */
export function onSessionEnd(reset: () => void): void {
  sessionResetters.add(reset);
}

/**
 * Logout (SPEC §4): tells the server to revoke the refresh token (best-effort),
 * clears all local storage and every store, then goes to the login page.
 */
export async function logout(): Promise<void> {
  const refreshToken = $refreshToken.get();
  if (refreshToken) {
    try {
      await authApi.post('authentication/logout/', { json: { refreshToken }, timeout: 5000 });
    } catch {
      // The tokens go anyway; an unrevoked refresh token expires on its own.
    }
  }
  clearSession();
  window.location.assign(LOGIN_PATH);
}

/**
 * Forgets the stored session and goes to `to`, without asking the server: after the account was
 * deleted there is no session left there to end. Only the storage is emptied: emptying the stores
 * would wake the page's session guard, which sends a signed-out visitor to the login page first.
 * The stores in memory go with the page.
 */
export function signOut(to: string): void {
  clearLocalStorage();
  window.location.assign(to);
}

/** Forgets the session and every store's state, without navigating. */
function clearSession(): void {
  clearTokens();
  $loginAttempts.set(0);
  for (const reset of sessionResetters) reset();
  clearLocalStorage();
}

import type { MailEnv } from '~/lib/server/platform/env';

/** Each wait is this many times the one before (30 s, 2 min, 8 min, 32 min, about 2 h, then the cap). */
const BACKOFF_FACTOR = 4;

export type RetryPolicy = Pick<MailEnv, 'retryBaseMs' | 'retryMaxMs' | 'maxAttempts'>;

/**
 * What follows a failed attempt, the `attempts`-th (1 = the first): the wait before the next
 * one, or null when that was the last (the mail becomes a dead letter).
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number | null {
  if (attempts >= policy.maxAttempts) return null;
  const delay = policy.retryBaseMs * BACKOFF_FACTOR ** Math.max(0, attempts - 1);
  return Math.min(delay, policy.retryMaxMs);
}

const ADDRESS = /[^\s<>"'()[\],;:]+@[^\s<>"'()[\],;:]+/g;
const URL_WITH_SCHEME = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;
const MAX_ERROR_LENGTH = 300;

/**
 * Why an attempt failed, fit to keep and show staff: the SMTP code and message, with every email
 * address and URL (SMTP_URL may carry a password) taken out.
 */
export function failureText(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const parts = [typeof e.code === 'string' ? e.code : null, e.responseCode ? String(e.responseCode) : null];
  const text = [...parts.filter((p) => p && !message.includes(p)), message]
    .filter(Boolean)
    .join(' ')
    .replace(URL_WITH_SCHEME, '[url]')
    .replace(ADDRESS, '[address]')
    .replace(/\s+/g, ' ')
    .trim();
  return (text || 'Unknown error').slice(0, MAX_ERROR_LENGTH);
}

import { randomBytes } from 'node:crypto';
import { and, eq, like, ne } from 'drizzle-orm';
import { CAMPAIGN_LIMITS, CAMPAIGN_MESSAGES, RESERVED_CAMPAIGN_URLS } from '~/lib/schemas/campaign';
import { getDb } from '~/lib/server/db';
import { campaigns } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { conflict } from '~/lib/server/http/errors';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_URL_LENGTH = 7;

/** A random 7-character base62 code (62^7 ≈ 3.5 × 10^12), without modulo bias. */
export function newShortUrl(): string {
  let code = '';
  while (code.length < SHORT_URL_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && code.length < SHORT_URL_LENGTH) code += BASE62[byte % 62];
    }
  }
  return code;
}

/**
 * A url from a name: accents dropped, lower-case letters and digits joined by
 * single hyphens, at most 60 characters; '{fallback}-…' (campaign-…) with a
 * random tail when the name has no Latin letters or digits at all.
 */
export function slugFromName(name: string, fallback = 'campaign'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’'`]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, CAMPAIGN_LIMITS.urlMax)
    .replace(/^-+|-+$/g, '');
  if (slug.length >= CAMPAIGN_LIMITS.urlMin) return slug;
  return `${fallback}-${newShortUrl().toLowerCase()}`;
}

function withSuffix(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, CAMPAIGN_LIMITS.urlMax - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * The name's url, or the first free `{url}-2`, `{url}-3`… when it is taken or
 * reserved. Racing creators may still pick the same one: the unique index
 * decides and the caller tries again.
 */
export async function freeUrlFor(name: string, db?: DbOrTx): Promise<string> {
  const conn = db ?? (await getDb());
  const base = slugFromName(name);
  const stem = slugStem(base);
  const rows = await conn
    .select({ url: campaigns.url })
    .from(campaigns)
    // Every suffixed candidate starts with the stem (suffixes cut into long names).
    .where(like(campaigns.url, `${stem}%`));
  return firstFreeSlug(base, new Set(rows.map((r) => r.url)), RESERVED_CAMPAIGN_URLS);
}

/** The stem every suffixed candidate of `base` starts with (suffixes cut into long names). */
export function slugStem(base: string): string {
  return base.slice(0, CAMPAIGN_LIMITS.urlMax - 4).replace(/-+$/, '');
}

/** `base` when neither taken nor reserved, else the first free `{base}-2`, `{base}-3`… */
export function firstFreeSlug(
  base: string,
  taken: ReadonlySet<string>,
  reserved: ReadonlySet<string>,
): string {
  if (!taken.has(base) && !reserved.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = withSuffix(base, n);
    if (!taken.has(candidate)) return candidate;
  }
}

/** 409 'That web address is already taken. Try another.' when another campaign has `url`. */
export async function assertUrlAvailable(url: string, exceptCampaignId?: string, db?: DbOrTx): Promise<void> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.url, url), exceptCampaignId ? ne(campaigns.id, exceptCampaignId) : undefined))
    .limit(1);
  if (row) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
}

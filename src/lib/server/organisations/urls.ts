import { and, eq, like, ne } from 'drizzle-orm';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import { RESERVED_ORGANISATION_URLS } from '~/lib/schemas/organisation';
import { firstFreeSlug, slugFromName, slugStem } from '~/lib/server/campaigns/slugs';
import { getDb } from '~/lib/server/db';
import { organisations } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { conflict } from '~/lib/server/http/errors';

/**
 * The legal name's url (/organization/{url}), or the first free `{url}-2`,
 * `{url}-3`… among organisations when it is taken or reserved. Racing
 * registrations may still pick the same one: the unique index decides.
 */
export async function freeOrganisationUrlFor(name: string, db?: DbOrTx): Promise<string> {
  const conn = db ?? (await getDb());
  const base = slugFromName(name, 'organisation');
  const rows = await conn
    .select({ url: organisations.url })
    .from(organisations)
    .where(like(organisations.url, `${slugStem(base)}%`));
  return firstFreeSlug(base, new Set(rows.map((r) => r.url)), RESERVED_ORGANISATION_URLS);
}

/** 409 'That web address is already taken. Try another.' when another organisation has `url`. */
export async function assertOrganisationUrlAvailable(
  url: string,
  exceptOrganisationId?: string,
  db?: DbOrTx,
): Promise<void> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        eq(organisations.url, url),
        exceptOrganisationId ? ne(organisations.id, exceptOrganisationId) : undefined,
      ),
    )
    .limit(1);
  if (row) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
}

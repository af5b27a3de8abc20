import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IdName } from '~/lib/contracts/lookups';
import type { AddressView, FileView, LinkView, OrganisationAddressView } from '~/lib/contracts/organisations';
import { getDb } from '~/lib/server/db';
import {
  organisationAddresses,
  organisationSectors,
  organisationSocials,
  organisations,
  organisationVideos,
  sectors,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { imageUrl } from '~/lib/server/platform/files';

/**
 * What the managers' view, the public details and the cards of an
 * organisation read alike: its files, and the lists kept in their own tables.
 */

/** A stored file's columns as the views need them; null when a left join found none. */
export type FileColumns = { id: string; storageKey: string; url: string | null; name: string } | null;

type StoredFileTable = Record<'id' | 'storageKey' | 'url' | 'originalName', AnyPgColumn>;

/** The columns of `FileColumns` from `storedFiles` or an alias of it (`alias(storedFiles, …)`). */
export function fileColumns<T extends StoredFileTable>(
  files: T,
): { id: T['id']; storageKey: T['storageKey']; url: T['url']; name: T['originalName'] } {
  return { id: files.id, storageKey: files.storageKey, url: files.url, name: files.originalName };
}

// Drizzle answers a left-joined object whose columns are all null as null.
/** A stored file as the API shows it (an image in `width`, when given), or null. */
export function fileView(file: FileColumns, width?: number): FileView | null {
  if (!file) return null;
  return { url: imageUrl(file, width), fileName: file.name };
}

/** The address itself, without its place in the list. */
export function addressOf(a: AddressView): AddressView {
  return {
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    province: a.province,
    country: a.country,
    zip: a.zip,
  };
}

export interface OrganisationLists {
  sectors: IdName[];
  /** The main address (position 0) first. */
  addresses: OrganisationAddressView[];
  videos: LinkView[];
  socials: LinkView[];
}

/**
 * The organisation's sectors, addresses, videos and socials as columns of a query on `organisations`
 * (each a JSON list in its order), so a page reads them with the organisation in one statement.
 */
export function organisationListColumns() {
  // Named in full: Drizzle writes a column of a one-table query unqualified, which a subquery
  // would read as its own table's id.
  const id = sql.raw('"organisations"."id"');
  return {
    sectors: sql<
      IdName[]
    >`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.id), '[]'::json)
      from ${organisationSectors} os join ${sectors} s on s.id = os.sector_id where os.organisation_id = ${id})`,
    addresses: sql<OrganisationAddressView[]>`(select coalesce(json_agg(json_build_object('id', a.id,
        'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city,
        'province', a.province, 'country', a.country, 'zip', a.zip, 'position', a.position)
      order by a.position, a.id), '[]'::json) from ${organisationAddresses} a where a.organisation_id = ${id})`,
    videos: linkListOf(organisationVideos),
    socials: linkListOf(organisationSocials),
  };
}

const linkListOf = (table: typeof organisationVideos | typeof organisationSocials) =>
  sql<
    LinkView[]
  >`(select coalesce(json_agg(json_build_object('id', l.id, 'url', l.url) order by l.position, l.id), '[]'::json)
    from ${table} l where l.organisation_id = "organisations"."id")`;

/** The organisation's sectors, addresses, videos and socials, each in its order, in one query. */
export async function organisationListsOf(organisationId: string, db?: DbOrTx): Promise<OrganisationLists> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select(organisationListColumns())
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ?? { sectors: [], addresses: [], videos: [], socials: [] };
}

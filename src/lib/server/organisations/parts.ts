import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IdName } from '~/lib/contracts/lookups';
import type { AddressView, FileView, LinkView, OrganisationAddressView } from '~/lib/contracts/organisations';
import { getDb } from '~/lib/server/db';
import {
  organisationAddresses,
  organisationSectors,
  organisationSocials,
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

type AddressRow = typeof organisationAddresses.$inferSelect;

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

function addressView(a: AddressRow): OrganisationAddressView {
  return { id: a.id, ...addressOf(a), position: a.position };
}

export interface OrganisationLists {
  sectors: IdName[];
  /** The main address (position 0) first. */
  addresses: OrganisationAddressView[];
  videos: LinkView[];
  socials: LinkView[];
}

/** The organisation's sectors, addresses, videos and socials, each in its order, in parallel queries. */
export async function organisationListsOf(organisationId: string, db?: DbOrTx): Promise<OrganisationLists> {
  const conn = db ?? (await getDb());
  const [sectorRows, addressRows, videos, socials] = await Promise.all([
    conn
      .select({ id: sectors.id, name: sectors.name })
      .from(organisationSectors)
      .innerJoin(sectors, eq(sectors.id, organisationSectors.sectorId))
      .where(eq(organisationSectors.organisationId, organisationId))
      .orderBy(asc(sectors.id)),
    conn
      .select()
      .from(organisationAddresses)
      .where(eq(organisationAddresses.organisationId, organisationId))
      .orderBy(asc(organisationAddresses.position), asc(organisationAddresses.id)),
    conn
      .select({ id: organisationVideos.id, url: organisationVideos.url })
      .from(organisationVideos)
      .where(eq(organisationVideos.organisationId, organisationId))
      .orderBy(asc(organisationVideos.position), asc(organisationVideos.id)),
    conn
      .select({ id: organisationSocials.id, url: organisationSocials.url })
      .from(organisationSocials)
      .where(eq(organisationSocials.organisationId, organisationId))
      .orderBy(asc(organisationSocials.position), asc(organisationSocials.id)),
  ]);
  return { sectors: sectorRows, addresses: addressRows.map(addressView), videos, socials };
}

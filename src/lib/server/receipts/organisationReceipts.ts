import { count, eq } from 'drizzle-orm';
import type { OrganisationReceiptPage } from '~/lib/contracts/receipts';
import { isUuid } from '~/lib/ids';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donationReceipts } from '~/lib/server/db/schema';
import { forbidden, notFound } from '~/lib/server/http/errors';
import { type PageQuery, pageOf, pageWindow } from '~/lib/server/http/paging';
import {
  findOrganisationById,
  mayDo,
  ORGANISATION_ACCESS_MESSAGES,
  type OrganisationRow,
  roleInOrganisation,
} from '~/lib/server/organisations/access';
import { RECEIPT_MESSAGES } from './eligibility';
import { receiptsCsv } from './receiptCsv';
import { loadReceiptRecords, organisationReceiptOf } from './receiptRecords';

/**
 * The receipts an organisation issued, for its SARS reconciliation (docs/api/receipts.md). They
 * carry donors' ID numbers and addresses, so only its Owners and Admins (and platform admins)
 * see them: an Editor or Champion hears 403 like a stranger.
 */
export async function organisationForReceipts(user: SessionUser, id: string): Promise<OrganisationRow> {
  const organisation = isUuid(id) ? await findOrganisationById(id) : null;
  if (!organisation) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  const role = await roleInOrganisation(user.id, organisation.id);
  if (!mayDo(user, role, 'readReceipts')) throw forbidden(RECEIPT_MESSAGES.receiptsForbidden);
  return organisation;
}

/** A page of the organisation's receipts: 20 unless asked, at most 100. */
export const RECEIPT_PAGE_SIZE = { default: 20, max: 100 } as const;

/** `GET /organizations/{id}/receipts?pageNo&pageSize`: newest first. */
export async function listOrganisationReceipts(
  user: SessionUser,
  id: string,
  page: PageQuery,
): Promise<OrganisationReceiptPage> {
  const organisation = await organisationForReceipts(user, id);
  const where = eq(donationReceipts.organisationId, organisation.id);
  const db = await getDb();
  const [counted, records] = await Promise.all([
    db.select({ n: count() }).from(donationReceipts).where(where),
    loadReceiptRecords(where, pageWindow(page)),
  ]);
  return pageOf(records.map(organisationReceiptOf), counted[0]?.n ?? 0, page);
}

/** `GET /organizations/{id}/receipts/export`: every receipt, in number order, as CSV. */
export async function exportOrganisationReceipts(
  user: SessionUser,
  id: string,
): Promise<{ csv: string; filename: string }> {
  const organisation = await organisationForReceipts(user, id);
  const records = await loadReceiptRecords(eq(donationReceipts.organisationId, organisation.id));
  return { csv: receiptsCsv(records.reverse()), filename: `section-18a-receipts-${organisation.url}.csv` };
}

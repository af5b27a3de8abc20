import { type SQL, sql } from 'drizzle-orm';
import type { YearlyCertificate, YearlyCertificatePage, YearlyIssueResult } from '~/lib/contracts/receipts';
import { southAfricanDate, southAfricanEndOfDay, southAfricanStartOfDay } from '~/lib/dates';
import { Currency, DonationStatus } from '~/lib/enums';
import { isUuid } from '~/lib/ids';
import { fromCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { receiptNumberText } from '~/lib/receipts';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import type { DbOrTx, Tx } from '~/lib/server/db/types';
import { badRequest, conflict, forbidden, notFound } from '~/lib/server/http/errors';
import { type PageQuery, pageOf, pageWindow } from '~/lib/server/http/paging';
import { mayDo, type OrganisationRow, roleInOrganisation } from '~/lib/server/organisations/access';
import { csvText } from '~/lib/server/platform/csv';
import { env } from '~/lib/server/platform/env';
import { taxYearDays, taxYearOfDay } from '~/lib/taxYear';
import { RECEIPT_MESSAGES } from './eligibility';
import { mainAddressOf, nextReceiptNumber } from './issueReceipt';
import { organisationForReceipts } from './organisationReceipts';

/**
 * Yearly Section 18A certificates (issue 26, docs/api/receipts.md "Yearly certificates"): one per
 * donor (by address, case aside) per organisation and tax year, covering every accepted gift to the
 * organisation's campaigns that may have receipts, tips excluded, less refunds, in rand (dollar
 * gifts at USD_TO_ZAR_RATE). A gift with its own receipt in force is listed with that receipt's
 * number and counts nothing. Numbers come from the organisation's one receipt counter, so single
 * receipts and certificates share one series without gaps.
 */

export const YEARLY_MESSAGES = {
  taxYear: 'Choose a tax year, for example 2026 for 1 March 2025 to 28 February 2026.',
  notEnded: (year: number) =>
    `The ${year} tax year has not ended yet: its certificates can be issued from 1 March ${year}.`,
  noPbo: RECEIPT_MESSAGES.noPboNumber,
  notFound: 'Certificate not found.',
  forbidden: 'Only the donor and the organisation’s owners and admins can see this certificate.',
  issued: (r: YearlyIssueResult) =>
    r.issued === 0 && r.alreadyIssued === 0
      ? `No donor of the ${r.taxYear} tax year has anything to certify.`
      : `Issued ${r.issued} ${r.issued === 1 ? 'certificate' : 'certificates'} for the ${r.taxYear} tax year` +
        (r.alreadyIssued > 0 ? `; ${r.alreadyIssued} donors already had theirs.` : '.'),
} as const;

type Row = Record<string, unknown>;

/** A tax year that has ended, from `body.taxYear` or `?taxYear=`. */
export function endedTaxYear(value: unknown, today: string = southAfricanDate(new Date())): number {
  const year = typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : value;
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 2000 || year > 9999)
    throw badRequest(YEARLY_MESSAGES.taxYear, { taxYear: [YEARLY_MESSAGES.taxYear] });
  if (year >= taxYearOfDay(today))
    throw badRequest(YEARLY_MESSAGES.notEnded(year), { taxYear: [YEARLY_MESSAGES.notEnded(year)] });
  return year;
}

interface Gift extends Row {
  id: string;
  donor_key: string;
  first_name: string;
  last_name: string;
  email: string;
  donated_at: Date | string;
  /** In rand cents: the gift less refunds, 0 when receipted singly. */
  counted: string;
  single_receipt_id: string | null;
}

/** The year's accepted gifts to the organisation's campaigns that may have receipts, per donor in order. */
function giftsOfYear(organisationId: string, year: number, donorKey: string | null): SQL {
  const { first, last } = taxYearDays(year);
  const rate = sql`case when d.currency_id = ${Currency.Dollar} then ${env.payments.usdToZarRate}::numeric else 1 end`;
  const net = sql`(d.amount - (select coalesce(sum(case when x.kind = 3 then -x.amount else x.amount end), 0)
    from donation_refunds x where x.donation_id = d.id and x.status in (0, 1)))`;
  return sql`
    select d.id, lower(d.email) as donor_key, d.first_name, d.last_name, d.email,
      coalesce(d.settled_at, d.created_at) as donated_at,
      case when r.id is null then greatest(round(${net} * ${rate}), 0) else 0 end::bigint::text as counted,
      r.id as single_receipt_id
    from donations d
    join campaigns c on c.id = d.campaign_id
    join organisations o on o.id = c.organisation_id
    left join campaign_settings cs on cs.campaign_id = c.id
    left join donation_receipts r on r.donation_id = d.id and r.cancelled_at is null
    where c.organisation_id = ${organisationId} and d.status = ${DonationStatus.Accepted} and d.email <> ''
      and (o.s18_certificate_file_id is not null or cs.is_tax_benefit)
      and coalesce(d.settled_at, d.created_at) >= ${southAfricanStartOfDay(first).toISOString()}::timestamptz
      and coalesce(d.settled_at, d.created_at) <= ${southAfricanEndOfDay(last).toISOString()}::timestamptz
      ${donorKey ? sql`and lower(d.email) = ${donorKey}` : sql``}
    order by lower(d.email), coalesce(d.settled_at, d.created_at), d.id`;
}

/** The donor's details for the certificate: their latest receipt request here, else the gift's name. */
async function donorDetails(tx: Tx, organisationId: string, donorKey: string, gift: Gift) {
  const [latest] = await rowsOf<{ donor_name: string; donor_tax_number: string; donor_address: string }>(
    tx,
    sql`select donor_name, donor_tax_number, donor_address from donation_receipts
      where organisation_id = ${organisationId} and lower(donor_email) = ${donorKey} and donor_tax_number <> ''
      order by issued_at desc limit 1`,
  );
  return {
    donorName: latest?.donor_name ?? fullName({ firstName: gift.first_name, lastName: gift.last_name }),
    donorTaxNumber: latest?.donor_tax_number ?? '',
    donorAddress: latest?.donor_address ?? '',
  };
}

type IssueOutcome = 'issued' | 'already' | 'skipped';

/**
 * One donor's certificate inside `tx`: the organisation's counter row is locked first, so issuers of
 * one organisation take turns and each sees the others' certificates.
 */
async function issueForTx(
  tx: Tx,
  organisation: Pick<OrganisationRow, 'id' | 'legalName' | 'pboNumber'>,
  year: number,
  donorKey: string,
  issuedById: string | null,
): Promise<{ outcome: IssueOutcome; id: string | null }> {
  await tx.execute(sql`insert into organisation_receipt_counters (organisation_id, last_number) values (${organisation.id}, 0)
    on conflict (organisation_id) do nothing`);
  await tx.execute(
    sql`select 1 from organisation_receipt_counters where organisation_id = ${organisation.id} for update`,
  );
  const [existing] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from yearly_certificates where organisation_id = ${organisation.id} and tax_year = ${year}
      and donor_key = ${donorKey} and cancelled_at is null`,
  );
  if (existing) return { outcome: 'already', id: existing.id };
  const gifts = await rowsOf<Gift>(tx, giftsOfYear(organisation.id, year, donorKey));
  const amount = gifts.reduce((sum, g) => sum + Number(g.counted), 0);
  const first = gifts[0];
  if (!first || amount <= 0) return { outcome: 'skipped', id: null };
  const number = await nextReceiptNumber(tx, organisation.id);
  const donor = await donorDetails(tx, organisation.id, donorKey, first);
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into yearly_certificates (organisation_id, number, tax_year, donor_key, issued_by_id, donor_name,
        donor_tax_number, donor_address, donor_email, currency_id, amount, organisation_name, organisation_address, pbo_number)
      values (${organisation.id}, ${number}, ${year}, ${donorKey}, ${issuedById},
        ${donor.donorName}, ${donor.donorTaxNumber}, ${donor.donorAddress},
        ${first.email}, ${Currency.Rand}, ${amount}, ${organisation.legalName},
        ${await mainAddressOf(tx, organisation.id)}, ${organisation.pboNumber?.trim() ?? ''})
      returning id`,
  );
  if (!row) throw new Error('The certificate was not saved.');
  await tx.execute(sql`insert into yearly_certificate_donations (certificate_id, donation_id, amount, donated_at, single_receipt_id)
    select ${row.id}::uuid, g.id, g.counted, g.donated_at, g.single_receipt_id
    from jsonb_to_recordset(${JSON.stringify(gifts)}::jsonb) as g(id uuid, counted bigint, donated_at timestamptz, single_receipt_id uuid)`);
  return { outcome: 'issued', id: row.id };
}

/** One donor's certificate in a transaction of its own. */
async function issueFor(
  organisation: OrganisationRow,
  year: number,
  donorKey: string,
  issuedById: string | null,
): Promise<{ outcome: IssueOutcome; id: string | null }> {
  const db = await getDb();
  return db.transaction((tx) => issueForTx(tx, organisation, year, donorKey, issuedById));
}

/** A certificate a refund cancelled, and the one issued for what remains (null when nothing does). */
export interface CertificateChange {
  cancelledNumber: number;
  replacementId: string | null;
  donorEmail: string;
  organisationName: string;
}

/**
 * In the transaction of a refund, chargeback or reversal of `donationId` (refundedReceipts.ts): each
 * certificate in force that lists it is cancelled (its number stays used) and the donor's certificate
 * for that year issued again with the organisation's next number, for what now remains.
 */
export async function reissueCertificatesAfterRefund(
  tx: Tx,
  donationId: string,
  reason: string,
): Promise<CertificateChange[]> {
  const listing = await rowsOf<{
    id: string;
    number: number;
    organisation_id: string;
    tax_year: number;
    donor_key: string;
    donor_email: string;
    issued_by_id: string | null;
    organisation_name: string;
    pbo_number: string;
  }>(
    tx,
    sql`select y.id, y.number, y.organisation_id, y.tax_year, y.donor_key, y.donor_email, y.issued_by_id,
        y.organisation_name, y.pbo_number
      from yearly_certificates y join yearly_certificate_donations i on i.certificate_id = y.id
      where i.donation_id = ${donationId} and y.cancelled_at is null for update of y`,
  );
  const changes: CertificateChange[] = [];
  for (const certificate of listing) {
    await tx.execute(sql`update yearly_certificates set cancelled_at = now(), cancel_reason = ${reason}
      where id = ${certificate.id}`);
    const { id } = await issueForTx(
      tx,
      {
        id: certificate.organisation_id,
        legalName: certificate.organisation_name,
        pboNumber: certificate.pbo_number,
      },
      certificate.tax_year,
      certificate.donor_key,
      certificate.issued_by_id,
    );
    changes.push({
      cancelledNumber: certificate.number,
      replacementId: id,
      donorEmail: certificate.donor_email,
      organisationName: certificate.organisation_name,
    });
  }
  return changes;
}

/**
 * `POST /organizations/{id}/yearly-certificates` `{ taxYear }`: a certificate for every donor of an
 * ended tax year who has none, each mailed with its PDF. Asked again, it issues only what is new.
 */
export async function issueYearlyCertificates(
  user: SessionUser,
  organisation: OrganisationRow,
  body: Record<string, unknown>,
  mail: (certificateId: string) => Promise<boolean>,
): Promise<YearlyIssueResult> {
  const year = endedTaxYear(body.taxYear);
  if (!organisation.pboNumber?.trim()) throw conflict(YEARLY_MESSAGES.noPbo);
  const db = await getDb();
  const donors = await rowsOf<{ donor_key: string }>(
    db,
    sql`select distinct g.donor_key from (${giftsOfYear(organisation.id, year, null)}) g order by g.donor_key`,
  );
  const result: YearlyIssueResult = { taxYear: year, issued: 0, mailed: 0, alreadyIssued: 0, skipped: 0 };
  for (const { donor_key: donorKey } of donors) {
    const { outcome, id: certificateId } = await issueFor(organisation, year, donorKey, user.id);
    if (outcome === 'already') result.alreadyIssued++;
    else if (outcome === 'skipped') result.skipped++;
    else {
      result.issued++;
      if (certificateId && (await mail(certificateId))) result.mailed++;
    }
  }
  return result;
}

interface CertificateRow extends Row {
  id: string;
  number: number;
  tax_year: number;
  organisation_id: string;
  organisation_name: string;
  organisation_address: string;
  pbo_number: string;
  donor_key: string;
  donor_name: string;
  donor_email: string;
  donor_tax_number: string;
  donor_address: string;
  amount: string;
  issued_at: Date | string;
  mailed_at: Date | string | null;
  items: {
    donationId: string;
    donatedAt: string;
    amount: number;
    singleReceiptNumber: number | null;
    campaignName: string;
    reference: string;
  }[];
}

/** A certificate with what it lists, for the views, the CSV and the PDF. */
export type CertificateRecord = CertificateRow;

const iso = (value: Date | string): string => new Date(value).toISOString();

function certificatesQuery(where: SQL, page?: { limit: number; offset: number }): SQL {
  return sql`
    select y.id, y.number, y.tax_year, y.organisation_id, y.organisation_name, y.organisation_address, y.pbo_number,
      y.donor_key, y.donor_name, y.donor_email, y.donor_tax_number, y.donor_address, y.amount::text as amount,
      y.issued_at, y.mailed_at,
      coalesce((select json_agg(json_build_object('donationId', i.donation_id, 'donatedAt', i.donated_at,
          'amount', i.amount, 'singleReceiptNumber', r.number, 'campaignName', c.name, 'reference', d.reference)
          order by i.donated_at, i.donation_id)
        from yearly_certificate_donations i join donations d on d.id = i.donation_id
        join campaigns c on c.id = d.campaign_id
        left join donation_receipts r on r.id = i.single_receipt_id
        where i.certificate_id = y.id), '[]'::json) as items
    from yearly_certificates y
    where y.cancelled_at is null and ${where}
    order by y.tax_year desc, y.number desc
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

export const yearlyCertificatePdfPath = (id: string): string =>
  `/api/v1/yearly-certificates/${encodeURIComponent(id)}/pdf`;

export function certificateViewOf(row: CertificateRow): YearlyCertificate {
  return {
    id: row.id,
    number: row.number,
    numberText: receiptNumberText(row.number),
    taxYear: row.tax_year,
    organisation: { id: row.organisation_id, name: row.organisation_name },
    donorName: row.donor_name,
    donorEmail: row.donor_email,
    amount: fromCents(Number(row.amount)),
    donations: row.items.map((i) => ({
      donationId: i.donationId,
      donatedAt: iso(i.donatedAt),
      amount: fromCents(Number(i.amount)),
      singleReceiptNumber: i.singleReceiptNumber,
    })),
    issuedAt: iso(row.issued_at),
    mailedAt: row.mailed_at ? iso(row.mailed_at) : null,
    pdfPath: yearlyCertificatePdfPath(row.id),
  };
}

/** `GET /organizations/{id}/yearly-certificates?taxYear&pageNo&pageSize`: newest number first. */
export async function listYearlyCertificates(
  user: SessionUser,
  id: string,
  query: URLSearchParams,
  page: PageQuery,
): Promise<YearlyCertificatePage> {
  const organisation = await organisationForReceipts(user, id);
  const year = query.get('taxYear') ? endedTaxYear(query.get('taxYear'), '9999-12-31') : null;
  const where = sql`y.organisation_id = ${organisation.id} ${year ? sql`and y.tax_year = ${year}` : sql``}`;
  const db = await getDb();
  const [counted, rows] = await Promise.all([
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from yearly_certificates y where y.cancelled_at is null and ${where}`,
    ),
    rowsOf<CertificateRow>(db, certificatesQuery(where, pageWindow(page))),
  ]);
  return pageOf(rows.map(certificateViewOf), counted[0]?.n ?? 0, page);
}

/** `GET /organizations/{id}/yearly-certificates/export?taxYear`: every certificate of the year, in number order. */
export async function exportYearlyCertificates(
  user: SessionUser,
  id: string,
  query: URLSearchParams,
): Promise<{ csv: string; filename: string }> {
  const organisation = await organisationForReceipts(user, id);
  const year = endedTaxYear(query.get('taxYear'), '9999-12-31');
  const db = await getDb();
  const rows = await rowsOf<CertificateRow>(
    db,
    certificatesQuery(sql`y.organisation_id = ${organisation.id} and y.tax_year = ${year}`),
  );
  const csv = csvText(
    [
      'Certificate number',
      'Tax year',
      'Issued',
      'Donor',
      'ID or tax number',
      'Address',
      'Email',
      'Amount (ZAR)',
      'Donations',
      'Receipted separately',
    ],
    rows.reverse().map((r) => [
      receiptNumberText(r.number),
      String(r.tax_year),
      southAfricanDate(r.issued_at),
      r.donor_name,
      r.donor_tax_number,
      r.donor_address.replace(/\n/g, ', '),
      r.donor_email,
      fromCents(Number(r.amount)).toFixed(2),
      String(r.items.length),
      r.items
        .filter((i) => i.singleReceiptNumber !== null)
        .map((i) => receiptNumberText(i.singleReceiptNumber ?? 0))
        .join(' '),
    ]),
  );
  return { csv, filename: `section-18a-yearly-certificates-${year}-${organisation.url}.csv` };
}

/** The donor's own certificates: by the addresses of their account and of the gifts they made signed in. */
export async function myYearlyCertificates(user: SessionUser): Promise<YearlyCertificate[]> {
  const db = await getDb();
  const rows = await rowsOf<CertificateRow>(db, certificatesQuery(donorOwns(user)));
  return rows.map(certificateViewOf);
}

function donorOwns(user: SessionUser): SQL {
  return sql`(y.donor_key = lower(${user.email}) or y.donor_key in
    (select lower(d.email) from donations d where d.user_id = ${user.id} and d.email <> ''))`;
}

/** A certificate its donor or the organisation's Owners and Admins may read; 404, then 403. */
export async function findReadableCertificate(user: SessionUser, id: string): Promise<CertificateRecord> {
  if (!isUuid(id)) throw notFound(YEARLY_MESSAGES.notFound);
  const db = await getDb();
  const [row] = await rowsOf<CertificateRow>(db, certificatesQuery(sql`y.id = ${id}`));
  if (!row) throw notFound(YEARLY_MESSAGES.notFound);
  const [own] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select ${donorOwns(user)} as ok from yearly_certificates y where y.id = ${id}`,
  );
  if (own?.ok) return row;
  const role = await roleInOrganisation(user.id, row.organisation_id);
  if (!mayDo(user, role, 'readReceipts')) throw forbidden(YEARLY_MESSAGES.forbidden);
  return row;
}

/** The record of one certificate, for its mail (no access check: the issuer mails it). */
export async function loadCertificate(id: string): Promise<CertificateRecord | null> {
  const db = await getDb();
  const [row] = await rowsOf<CertificateRow>(db, certificatesQuery(sql`y.id = ${id}`));
  return row ?? null;
}

/** Marks a certificate mailed. */
export async function markCertificateMailed(id: string, db?: DbOrTx): Promise<void> {
  db ??= await getDb();
  await db.execute(sql`update yearly_certificates set mailed_at = now() where id = ${id}`);
}

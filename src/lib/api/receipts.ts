import type {
  OrganisationReceiptPage,
  ReceiptRequestResult,
  YearlyCertificate,
  YearlyCertificatePage,
  YearlyIssueResult,
} from '~/lib/contracts/receipts';
import { receiptPdfPath } from '~/lib/receipts';
import type { ReceiptRequestInput } from '~/lib/schemas/receipt';
import { api, type Envelope, publicApi } from './index';

/**
 * Section 18A receipts (docs/api/receipts.md): the donor's request and PDF (by the donation's
 * token on /thanks, by its id with the session on My Donations) and the organisation's list
 * and CSV export.
 */

export type {
  DonationReceiptState,
  OrganisationReceipt,
  ReceiptRequestResult,
} from '~/lib/contracts/receipts';

/** The donation by id (`signedIn`, the session's bearer) or by its token (no sign-in). */
const clientFor = (signedIn: boolean) => (signedIn ? api : publicApi);

/** Strips the client's `/api/v1/` prefix, which ky adds itself. */
const apiPath = (path: string): string => path.replace(/^\/api\/v1\//, '');

export const requestReceipt = (
  key: string,
  input: Omit<ReceiptRequestInput, 'idType'> & { idType: string },
  signedIn: boolean,
): Promise<Envelope<ReceiptRequestResult>> =>
  clientFor(signedIn)
    .post(apiPath(receiptPdfPath(key)), { json: input })
    .json();

/** The receipt's PDF with the session's bearer (a plain link cannot carry it). */
export const getReceiptPdf = (donationId: string): Promise<Blob> =>
  api.get(apiPath(receiptPdfPath(donationId))).blob();

export const getOrganisationReceipts = (
  organisationId: string,
  pageNo: number,
  pageSize: number,
): Promise<Envelope<OrganisationReceiptPage>> =>
  api
    .get(`organizations/${encodeURIComponent(organisationId)}/receipts`, {
      searchParams: { pageNo: String(pageNo), pageSize: String(pageSize) },
    })
    .json();

export const getOrganisationReceiptsCsv = (organisationId: string): Promise<Blob> =>
  api.get(`organizations/${encodeURIComponent(organisationId)}/receipts/export`).blob();

export type { YearlyCertificate, YearlyIssueResult } from '~/lib/contracts/receipts';

/** Issues an ended tax year's certificates to every donor of the organisation who has none. */
export const issueYearlyCertificates = (
  organisationId: string,
  taxYear: number,
): Promise<Envelope<YearlyIssueResult>> =>
  api
    .post(`organizations/${encodeURIComponent(organisationId)}/yearly-certificates`, { json: { taxYear } })
    .json();

export const getYearlyCertificates = (
  organisationId: string,
  taxYear: number,
  pageNo: number,
  pageSize: number,
): Promise<Envelope<YearlyCertificatePage>> =>
  api
    .get(`organizations/${encodeURIComponent(organisationId)}/yearly-certificates`, {
      searchParams: { taxYear: String(taxYear), pageNo: String(pageNo), pageSize: String(pageSize) },
    })
    .json();

export const getYearlyCertificatesCsv = (organisationId: string, taxYear: number): Promise<Blob> =>
  api
    .get(`organizations/${encodeURIComponent(organisationId)}/yearly-certificates/export`, {
      searchParams: { taxYear: String(taxYear) },
    })
    .blob();

/** The signed-in donor's certificates. */
export const getMyYearlyCertificates = (): Promise<Envelope<YearlyCertificate[]>> =>
  api.get('users/yearly-certificates').json();

/** A certificate's PDF with the session's bearer. */
export const getYearlyCertificatePdf = (certificate: Pick<YearlyCertificate, 'pdfPath'>): Promise<Blob> =>
  api.get(apiPath(certificate.pdfPath)).blob();

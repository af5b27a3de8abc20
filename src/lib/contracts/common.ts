/**
 * The envelope and paging shapes every call of docs/api shares, declared once:
 * the server builds them, the browser client reads them. Types only.
 */

/** The success envelope of DESIGN §4. */
export interface Envelope<T> {
  data: T;
  meta: { message?: string };
}

/** Where a page of a list sits in the whole (`paginationMetadata`). */
export interface Pagination {
  totalCount: number;
  pageCount: number;
  pageNo: number;
  pageSize: number;
  /**
   * True when more match than `totalCount` says: a list that stops counting (the campaign search,
   * docs/api/campaigns.md). Absent when the count is exact.
   */
  moreThanTotalCount?: true;
}

/** A list answer in the shape of DESIGN §4: the page's items and where it sits in the whole. */
export interface Page<T> {
  items: T[];
  paginationMetadata: Pagination;
}

/** Field name → its messages: the failure envelope's `data`, and what launching a campaign still needs. */
export type FieldErrors = Record<string, string[]>;

/** One entry of the failure envelope's `errors`: a field's message, or the one message of the failure. */
export interface ApiError {
  code: string;
  field?: string;
  displayMessage: string;
}

/** The failure envelope of DESIGN §4; a 500 names its request id in `meta`. */
export interface FailureEnvelope {
  data: FieldErrors | null;
  meta: { message: string; requestId?: string };
  errors: ApiError[];
}

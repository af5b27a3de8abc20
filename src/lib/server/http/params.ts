/** A positive integer from a query parameter, or the fallback when absent or malformed. */
export function intParam(
  value: string | null | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/** The largest `integer` (int4) PostgreSQL stores: a larger id names no row, and in a query it is an error (22003). */
const MAX_INT4 = 2_147_483_647;

/**
 * A positive integer id of an `integer` column, or the fallback when absent, malformed or beyond
 * what the column can hold (such an id names nothing; it must not reach SQL as an out-of-range value).
 */
export function intIdParam(value: string | null | undefined, fallback: number): number {
  const n = intParam(value, fallback);
  return n > MAX_INT4 ? fallback : n;
}

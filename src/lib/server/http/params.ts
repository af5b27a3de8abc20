/** A positive integer from a query parameter, or the fallback when absent or malformed. */
export function intParam(
  value: string | null | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

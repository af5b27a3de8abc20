/**
 * True when a database error (or the error it wraps: Drizzle puts the
 * driver's error in `cause`) is PostgreSQL's unique_violation, 23505.
 * `constraint` narrows it to one index, e.g. 'users_email_lower_key'.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
    e = candidate.cause;
  }
  return false;
}

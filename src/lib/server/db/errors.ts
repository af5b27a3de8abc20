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

/** PostgreSQL's codes for a server going away or not yet taking connections, and the socket's. */
const CONNECTION_LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop or restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * True when a query failed because the connection to PostgreSQL was lost or could not be made (the
 * server restarting, a network cut), not because of the query: asking again in a moment can work.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const candidate = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && CONNECTION_LOST_CODES.has(candidate.code)) return true;
    // node-postgres says so in words, without a code.
    if (
      typeof candidate.message === 'string' &&
      /^Connection terminated|connection error and is not queryable/.test(candidate.message)
    )
      return true;
    e = candidate.cause;
  }
  return false;
}

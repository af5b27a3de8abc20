import { isUuid } from '~/lib/ids';

/**
 * An id from a path or body in the form the database stores it (lower-case),
 * or null when the text is no UUID at all: the caller answers "not found"
 * without a query that PostgreSQL would refuse.
 */
export function uuidOrNull(value: string): string | null {
  return isUuid(value) ? value.toLowerCase() : null;
}

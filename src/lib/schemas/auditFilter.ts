import * as v from 'valibot';
import { isCalendarDay } from '~/lib/dates';

/**
 * `GET /admin/audit` and `/admin/audit.csv`: who (part of a name or email), what kind
 * (an action or an entity, exactly), and which South African days (inclusive). Empty
 * parameters mean no filter.
 */

export const AUDIT_FILTER_MESSAGES = {
  actorTooLong: 'The person must be at most 100 characters.',
  kindTooLong: 'The kind must be at most 100 characters.',
  day: 'Please enter the date as YYYY-MM-DD.',
  dayOrder: 'The end date cannot be before the start date.',
} as const;

const M = AUDIT_FILTER_MESSAGES;

const optionalText = (max: number, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.maxLength(max, message),
      v.transform((s) => s || null),
    ),
    '',
  );

const optionalDay = v.optional(
  v.pipe(
    v.string(M.day),
    v.trim(),
    v.check((s) => s === '' || isCalendarDay(s), M.day),
    v.transform((s) => s || null),
  ),
  '',
);

export const auditFilterSchema = v.pipe(
  v.object({
    actor: optionalText(100, M.actorTooLong),
    action: optionalText(100, M.kindTooLong),
    entity: optionalText(100, M.kindTooLong),
    entityId: optionalText(100, M.kindTooLong),
    from: optionalDay,
    to: optionalDay,
  }),
  v.forward(
    v.partialCheck([['from'], ['to']], (f) => !f.from || !f.to || f.from <= f.to, M.dayOrder),
    ['to'],
  ),
);
export type AuditFilter = v.InferOutput<typeof auditFilterSchema>;

/** The filter's query parameters as the browser and the server read them. */
export const AUDIT_FILTER_KEYS = ['actor', 'action', 'entity', 'entityId', 'from', 'to'] as const;

/** The filter from a query string (absent parameters are absent). */
export function auditFilterInput(params: URLSearchParams): Record<string, string> {
  const input: Record<string, string> = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  return input;
}

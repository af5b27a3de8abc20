/**
 * Date helpers shared by server-rendered pages and islands. Dates are shown in
 * South African Standard Time (UTC+2, no daylight saving), so the server and
 * the browser print the same day whatever their own time zone.
 */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
const SAST_SUFFIX = '+02:00';
const SAST_TIME_ZONE = 'Africa/Johannesburg';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A Date from an ISO string or Date; null when missing or unparseable. */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** DD MMM 'YY in SAST, e.g. "05 Mar '26"; empty string for a missing date. */
export function formatShortDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const sast = new Date(date.getTime() + SAST_OFFSET_MS);
  const day = String(sast.getUTCDate()).padStart(2, '0');
  const year = String(sast.getUTCFullYear() % 100).padStart(2, '0');
  return `${day} ${MONTHS[sast.getUTCMonth()]} '${year}`;
}

/** The South African calendar date (YYYY-MM-DD) of a moment, as a date input shows it; '' for none. */
export function southAfricanDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? new Date(date.getTime() + SAST_OFFSET_MS).toISOString().slice(0, 10) : '';
}

/**
 * True when YYYY-MM-DD names a day that exists: 2026-02-30 does not, where
 * `new Date` would quietly move it to 2 March.
 */
export function isCalendarDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/** The moments a date the site stores may take: years 1900 to 9999, well inside what PostgreSQL accepts. */
const EARLIEST_STORABLE = Date.UTC(1900, 0, 1);
const LATEST_STORABLE = Date.UTC(10000, 0, 1) - 1;

/** True for a valid Date between 1900 and the end of 9999 (0001-01-01 and +275760 are not). */
export function isStorableDate(date: Date): boolean {
  const time = date.getTime();
  return !Number.isNaN(time) && time >= EARLIEST_STORABLE && time <= LATEST_STORABLE;
}

/** When a South African day (YYYY-MM-DD) starts: 00:00 SAST. */
export function southAfricanStartOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000${SAST_SUFFIX}`);
}

/** The last millisecond of a South African day (YYYY-MM-DD), so "ends on the 1st" includes the 1st. */
export function southAfricanEndOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999${SAST_SUFFIX}`);
}

export type DateTimeStyle = Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in South African English and time, whatever the machine's own zone:
 * '05 March 2026 at 14:05' by default (long date, short time).
 */
export function formatSastDateTime(
  value: string | Date,
  style: DateTimeStyle = { dateStyle: 'long', timeStyle: 'short' },
): string {
  const key = `${style.dateStyle}/${style.timeStyle}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-ZA', { ...style, timeZone: SAST_TIME_ZONE });
    dateTimeFormats.set(key, format);
  }
  return format.format(typeof value === 'string' ? new Date(value) : value);
}

/** A calendar day (YYYY-MM-DD, a South African date) in words: '15 January 2027'; '' for none. */
export function formatSouthAfricanDay(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  // Noon in South Africa is the same day in every zone the formatter could use.
  return formatSastDateTime(`${day}T12:00:00${SAST_SUFFIX}`, { dateStyle: 'long' });
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

/** The units a short duration is told in, largest first, each with its length. */
const DURATION_UNITS = [
  ['yr', YEAR],
  ['wk', WEEK],
  ['day', DAY],
  ['hr', HOUR],
  ['min', MINUTE],
  ['sec', SECOND],
] as const;

export type DurationUnit = (typeof DURATION_UNITS)[number][0];

/**
 * A duration as the largest whole unit that fits and how many of it ("3 hr": `{ unit: 'hr',
 * count: 3 }`); durations under a second count as one second. Words are the caller's.
 */
export function durationInUnits(ms: number): { unit: DurationUnit; count: number } {
  const span = Math.max(ms, SECOND);
  const [unit, length] = DURATION_UNITS.find(([, size]) => span >= size) ?? ['sec', SECOND];
  return { unit, count: Math.floor(span / length) };
}

/**
 * A duration in the largest whole unit that fits, abbreviated the way the
 * campaign cards show it: "45 sec", "12 min", "3 hr", "1 day", "5 days",
 * "2 wk", "1 yr". Durations under a second count as one second.
 */
export function formatShortDuration(ms: number): string {
  const { unit, count } = durationInUnits(ms);
  return unit === 'day' ? `${count} ${count === 1 ? 'day' : 'days'}` : `${count} ${unit}`;
}

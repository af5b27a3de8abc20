// Reading and writing a search address (SPEC §7: list parameters repeated). Untrusted input
// throughout: the page reads its query with these, and a shared link is anyone's to edit.

/** Pages a link (without JavaScript) may ask to see at once. */
export const MAX_LINKED_PAGES = 10;
const MAX_TEXT = 100;
const MAX_IDS = 50;

/** A text parameter, trimmed and capped. */
export function readText(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').trim().slice(0, MAX_TEXT);
}

/** Whole ids from `min` to `max` (repeated or comma-joined), each once, in order. */
export function readIds(params: URLSearchParams, name: string, min: number, max: number): number[] {
  const ids = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((n) => Number.isInteger(n) && n >= min && n <= max);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_IDS);
}

/** One of `choices`, else the first of them (the default). */
export function readChoice<C extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly C[],
): C {
  const value = params.get(name) ?? '';
  return (choices as readonly string[]).includes(value) ? (value as C) : (choices[0] as C);
}

/** How many pages the address asks to see (`?{name}=`, pageNo by default): 1 to MAX_LINKED_PAGES. */
export function readPageNo(params: URLSearchParams, name = 'pageNo'): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_LINKED_PAGES) : 1;
}

/** A search query: texts, single choices and lists of ids. */
export type SearchQueryFields = Record<string, string | readonly number[]>;

/** Which page of a query, and how many to a page, an address asks for. */
export interface PageParams {
  pageNo?: number;
  pageSize?: number;
}

/**
 * The query as URL parameters, in the order of `defaults`' fields: lists
 * repeated (SPEC §7), texts and choices unless empty or the default.
 */
export function writeSearchParams<Q extends SearchQueryFields>(
  query: Q,
  defaults: Q,
  page: PageParams = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(defaults)) {
    const value = query[name];
    if (typeof value === 'string') {
      if (value && value !== defaults[name]) params.set(name, value);
    } else {
      for (const id of value ?? []) params.append(name, String(id));
    }
  }
  if (page.pageNo !== undefined && page.pageNo > 1) params.set('pageNo', String(page.pageNo));
  if (page.pageSize !== undefined) params.set('pageSize', String(page.pageSize));
  return params;
}

/** `base` (which may have a query string already) with `params` added. */
export function hrefWith(base: string, params: URLSearchParams): string {
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

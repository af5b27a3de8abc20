// The page-cache tags. The database announces them (migration 0005_page_cache_notify: a trigger on
// every table a public page reads); the services a page reads through declare them with
// dependsOn(), and a cached answer is dropped when one of its tags is announced.

import { SITE_TAG } from '#server/pageStore.ts';
import { currentRequestScope } from '~/lib/server/platform/requestScope';

export { SITE_TAG };
/** Pages listing campaigns or organisations (home, search, an organisation's campaigns). */
export const LISTS_TAG = 'lists';

export const campaignTag = (campaignId: string): string => `c:${campaignId}`;
export const organisationTag = (organisationId: string): string => `o:${organisationId}`;

/** Declares that the answer being rendered shows data carrying these tags. */
export function dependsOn(...tags: (string | null | undefined)[]): void {
  const scope = currentRequestScope();
  if (!scope) return;
  for (const tag of tags) if (tag) scope.cacheTags.add(tag);
}

/**
 * The tags an answer is stored under: what it declared; an answer that read the database without
 * declaring anything is assumed to show lists (dropped with any campaign or organisation change).
 * Either way it also goes when the whole site does.
 */
export function tagsOfAnswer(scope: { queries: number; cacheTags: Set<string> }): string[] {
  const tags = [...scope.cacheTags];
  if (tags.length === 0 && scope.queries > 0) tags.push(LISTS_TAG);
  return tags;
}

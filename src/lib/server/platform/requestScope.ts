import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request did, gathered as it runs: the database queries it made (counted by the
 * database layer, so tests can bound the queries behind a page) and the page-cache tags of the
 * data it read (src/lib/server/cache/tags.ts), which decide when its cached answer is dropped.
 */
export interface RequestScope {
  queries: number;
  cacheTags: Set<string>;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

export function newRequestScope(): RequestScope {
  return { queries: 0, cacheTags: new Set() };
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** Called by the database layer for every statement it sends. */
export function countQuery(): void {
  const scope = scopes.getStore();
  if (scope) scope.queries++;
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIContext, APIRoute, MiddlewareHandler } from 'astro';
import { type ApiRoute, listApiRoutes } from '../../support/apiRoutes';

/**
 * Calls API route modules in process, the way the server does: the request goes through
 * MIDDLEWARE_CHAIN (src/lib/server/http/middleware/chain.ts, the list src/middleware.ts
 * sequences) and then the route's handler, with an Astro-like context. For property tests
 * that send thousands of requests: no build, no HTTP, the same code path.
 *
 * Import it only after prepareServerTestEnv (it loads the server modules).
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How a route reads its body, from the helpers its file calls. */
export type BodyKind = 'json' | 'multipart' | 'urlencoded' | 'none';

export interface LoadedRoute extends ApiRoute {
  handler: APIRoute;
  body: BodyKind;
  /** Path parameters, in order: `[id]` → 'id', `[...path]` → 'path'. */
  params: string[];
  /** Query parameters the route's file reads by name (`searchParams.get('pageNo')`, `params.get(...)`). */
  queryNames: string[];
  /** Whether the handler asks for a signed-in user (requireUser) or an admin (requireAdmin). */
  access: 'public' | 'user' | 'admin';
}

function bodyKindOf(source: string): BodyKind {
  if (/readMultipart|readFormData/.test(source)) return 'multipart';
  if (/readJson\(/.test(source)) return 'json';
  if (/readUrlEncodedText/.test(source)) return 'urlencoded';
  return 'none';
}

/** Every API route and method (tests/support/apiRoutes.ts) with its handler imported. */
export async function loadApiRoutes(): Promise<LoadedRoute[]> {
  const routes: LoadedRoute[] = [];
  for (const route of listApiRoutes()) {
    const module: Record<string, unknown> = await import(/* @vite-ignore */ `${ROOT}${route.file}`);
    const handler = module[route.method];
    if (typeof handler !== 'function') throw new Error(`${route.file} exports no ${route.method}`);
    const source = readFileSync(`${ROOT}${route.file}`, 'utf8');
    routes.push({
      ...route,
      handler: handler as APIRoute,
      body: bodyKindOf(source),
      params: [...route.pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1] as string),
      access: /requireAdmin\(/.test(source) ? 'admin' : /requireUser\(/.test(source) ? 'user' : 'public',
      queryNames: [...new Set([...source.matchAll(/\.get\('([A-Za-z]+)'\)/g)].map((m) => m[1] as string))],
    });
  }
  return routes;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The path of `route` with each parameter's value put in, encoded as a client would. */
export function pathOf(route: Pick<LoadedRoute, 'pattern'>, params: Record<string, string>): string {
  return route.pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) =>
    // A lone surrogate cannot be sent in a URL at all: a client's encoder writes U+FFFD instead.
    encodeURIComponent((params[name] ?? '').replace(LONE_SURROGATE, '\ufffd')),
  );
}

export interface CallOptions {
  params?: Record<string, string>;
  /** Appended to the path as is (already encoded), without the '?'. */
  query?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
}

let chain: readonly MiddlewareHandler[] | undefined;

/** The request through the middleware chain, then the handler; the answer as a client gets it. */
export async function callRoute(route: LoadedRoute, options: CallOptions = {}): Promise<Response> {
  chain ??= (await import('~/lib/server/http/middleware/chain')).MIDDLEWARE_CHAIN;
  const middleware = chain;
  const params = options.params ?? {};
  const query = options.query ? `?${options.query}` : '';
  const method = route.method === 'ALL' ? 'POST' : route.method;
  const hasBody = options.body !== undefined && options.body !== null && method !== 'GET';
  const request = new Request(`http://localhost${pathOf(route, params)}${query}`, {
    method,
    headers: options.headers ?? {},
    body: hasBody ? (options.body ?? null) : null,
  });
  const ctx = astroContext(route, request, params);
  // Only what the routes and middleware read is there (astroContext); the rest of APIContext is not.
  const apiContext = ctx as unknown as APIContext;
  const step = (index: number, payload?: unknown): Promise<Response> => {
    // bodyLimit hands on a counted copy of the request (`next(request)`): Astro serves the same route with it.
    if (payload instanceof Request) ctx.request = payload;
    const handler = middleware[index];
    if (!handler) return Promise.resolve(route.handler(apiContext));
    return Promise.resolve(
      handler(apiContext, (next?: unknown) => step(index + 1, next)) as Promise<Response>,
    );
  };
  return step(0);
}

/** What the routes and middleware read of Astro's context; anything else is left out on purpose. */
function astroContext(route: LoadedRoute, request: Request, params: Record<string, string>) {
  const url = new URL(request.url);
  return {
    request,
    url,
    params,
    locals: {} as App.Locals,
    routePattern: route.pattern,
    clientAddress: '127.0.0.1',
    site: undefined,
    props: {},
    isPrerendered: false,
    originPathname: url.pathname,
    cookies: {
      get: () => undefined,
      has: () => false,
      set: () => undefined,
      delete: () => undefined,
      headers: () => [][Symbol.iterator](),
    },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
    rewrite: () => {
      throw new Error(`${route.pattern}: rewrite is not used by API routes`);
    },
  };
}

/**
 * A fingerprint of every table but `excluded`: its row count and the md5 of its rows in order,
 * read on the test's own database. Two equal fingerprints: nothing was written. The tables are
 * listed once (information_schema is slow to ask); call again for a table made later.
 */
export async function tableFingerprinter(
  excluded: readonly string[] = [],
): Promise<() => Promise<Map<string, string>>> {
  const { getDb } = await import('~/lib/server/db');
  const { sql } = await import('drizzle-orm');
  const db = await getDb();
  const rows = async <T>(query: string): Promise<T[]> =>
    ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const tables = (
    await rows<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  )
    .map((t) => t.name)
    .filter((name) => !excluded.includes(name));
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from "${name}" t`,
    )
    .join(' union all ');
  return async () =>
    new Map((await rows<{ name: string; print: string }>(query)).map((p) => [p.name, p.print]));
}

/** The tables whose fingerprint differs between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter(
    (name) => before.get(name) !== after.get(name),
  );
}

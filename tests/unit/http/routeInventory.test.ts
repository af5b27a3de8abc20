import type { MiddlewareHandler } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '~/lib/server/accounts/session';
import { HttpError } from '~/lib/server/http/errors';
import { accessRules } from '~/lib/server/http/middleware/accessRules';
import { MIDDLEWARE_CHAIN } from '~/lib/server/http/middleware/chain';
import { ROUTE_ACCESS } from '~/lib/server/http/routeAccess';
import { ACCESS_CASES } from '../../api/support/accessCases';
import { listApiRoutes, routeKey } from '../../support/apiRoutes';
import { captureLogs } from '../support/logCapture';

// The route inventory: every API route in src/pages/api has a declared access rule
// (src/lib/server/http/routeAccess.ts) and, unless it is public, a row in the API suite's
// authorization table (tests/api/support/accessCases.ts). Adding a route without either fails here.

const routes = listApiRoutes().map(routeKey);
const declared = Object.keys(ROUTE_ACCESS);
const notPublic = declared.filter((key) => ROUTE_ACCESS[key]?.access !== 'public');

describe('the route inventory', () => {
  it('finds the API routes in the source tree', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routes).toContain('PATCH /api/v1/campaigns/[id]/close');
  });

  it('declares an access rule for every route', () => {
    expect(routes.filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
  });

  it('declares no rule for a route that no longer exists', () => {
    expect(declared.filter((key) => !routes.includes(key))).toEqual([]);
  });

  it('says what protects every public route that changes something', () => {
    const unexplained = declared.filter((key) => {
      const rule = ROUTE_ACCESS[key];
      return rule?.access === 'public' && !/^(GET|ALL) /.test(key) && !rule.reason?.trim();
    });
    expect(unexplained).toEqual([]);
  });

  it('has an authorization case in the API suite for every route that is not public', () => {
    expect(notPublic.filter((key) => !(key in ACCESS_CASES))).toEqual([]);
  });

  it('has no authorization case for a public or unknown route', () => {
    expect(Object.keys(ACCESS_CASES).filter((key) => !notPublic.includes(key))).toEqual([]);
  });

  it('enforces the rules in the middleware every request runs, after errors become envelopes', () => {
    expect(MIDDLEWARE_CHAIN.at(-1)).toBe(accessRules);
  });
});

type Ctx = Parameters<MiddlewareHandler>[0];

const donor: SessionUser = {
  id: '5f0c6a8e-3d1b-4c8e-9f4a-2b7d1e6c9a30',
  firstName: 'Lerato',
  lastName: 'Donor',
  email: 'lerato@letsema.test',
  msisdn: null,
  location: null,
  active: true,
  emailConfirmed: true,
  hasOrganization: false,
  isChampion: false,
  role: 'user',
};

/** Runs the middleware for a request Astro matched to `routePattern`; returns whether the route ran. */
async function run(
  method: string,
  path: string,
  routePattern: string,
  auth: { user?: SessionUser; problem?: 'expired' | 'invalid' } = {},
): Promise<{ ran: boolean; error: HttpError | null }> {
  const url = new URL(`http://letsema.test${path}`);
  const ctx = {
    url,
    request: new Request(url, { method }),
    routePattern,
    locals: { requestId: 'req-1', user: auth.user ?? null, authProblem: auth.problem ?? null },
  } as unknown as Ctx;
  let ran = false;
  try {
    await accessRules(ctx, async () => {
      ran = true;
      return new Response('ran');
    });
    return { ran, error: null };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { ran, error };
  }
}

describe('accessRules', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lets anyone through to a public route', async () => {
    expect(await run('GET', '/api/v1/currencies', '/api/v1/currencies')).toEqual({ ran: true, error: null });
  });

  it('answers 401 before a route for signed-in users runs, saying when the session expired', async () => {
    const visitor = await run('GET', '/api/v1/campaigns/user-campaigns', '/api/v1/campaigns/user-campaigns');
    expect(visitor.ran).toBe(false);
    expect([visitor.error?.status, visitor.error?.message]).toEqual([401, 'Please log in to continue.']);
    const expired = await run('PATCH', '/api/v1/campaigns/x/close', '/api/v1/campaigns/[id]/close', {
      problem: 'expired',
    });
    expect([expired.error?.status, expired.error?.message]).toEqual([401, 'Your session has expired.']);
    const signedIn = await run('PATCH', '/api/v1/campaigns/x/close', '/api/v1/campaigns/[id]/close', {
      user: donor,
    });
    expect(signedIn.ran).toBe(true);
  });

  it('answers 403 to a signed-in user who is not an admin on the back office', async () => {
    const res = await run('GET', '/api/v1/admin/queues', '/api/v1/admin/queues', { user: donor });
    expect(res.ran).toBe(false);
    expect(res.error?.status).toBe(403);
  });

  it('answers a HEAD by the rule of the route’s GET', async () => {
    const res = await run('HEAD', '/api/v1/admin/queues', '/api/v1/admin/queues');
    expect([res.ran, res.error?.status]).toEqual([false, 401]);
  });

  it('answers 404 for a method the route does not declare, without running it', async () => {
    const res = await run('DELETE', '/api/v1/campaigns/x', '/api/v1/campaigns/[id]', { user: donor });
    expect([res.ran, res.error?.status]).toEqual([false, 404]);
  });

  it('refuses and logs a route nobody declared a rule for, whoever asks', async () => {
    const logs = captureLogs();
    const res = await run('POST', '/api/v1/brand-new', '/api/v1/brand-new', {
      user: { ...donor, role: 'admin' },
    }).finally(logs.restore);
    expect([res.ran, res.error?.status]).toEqual([false, 403]);
    expect(logs.lines).toEqual([
      expect.objectContaining({
        level: 50,
        route: '/api/v1/brand-new',
        msg: expect.stringContaining('no access rule'),
      }),
    ]);
  });

  it('leaves pages alone, also a page that answers a path under /api/', async () => {
    expect((await run('GET', '/profile', '/profile')).ran).toBe(true);
    expect((await run('GET', '/api/nothing', '/[...slug]')).ran).toBe(true);
  });
});

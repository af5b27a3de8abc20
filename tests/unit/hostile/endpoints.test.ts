import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '~/lib/server/platform/log';
import { censorFields } from '~/lib/server/platform/logRedaction';
import { routeKey } from '../../support/apiRoutes';
import {
  describeValue,
  hostileScalar,
  hostileValue,
  longString,
  nastyString,
  nearlyValid,
  notUuid,
  nulString,
  pathLike,
  sqlLike,
} from '../../support/hostileValues';
import { prepareServerTestEnv } from '../support/serverEnv';
import { realParam, routeExamples, type World } from './routeExamples';

// Every API route and method, called in process through the middleware chain with hostile path
// parameters, query strings and bodies, as a visitor and as a signed-in owner (an admin for the
// admin routes). Never a 5xx; a refusal is the failure envelope with a message (DESIGN.md §4);
// and a refusal writes nothing: every table's fingerprint is the same before and after.
const testEnv = prepareServerTestEnv();

// Account mail goes out after the answer (accounts/mail.ts inBackground), writing its link token
// then. Each request waits for that work before the tables are compared, so a later refusal is
// not blamed for an earlier request's write.
const background = vi.hoisted(() => [] as Promise<unknown>[]);
vi.mock('~/lib/server/accounts/mail', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/lib/server/accounts/mail')>();
  return {
    ...original,
    inBackground: (what: string, work: () => Promise<void>) => {
      background.push(work().catch((error: unknown) => console.error(`${what} failed:`, error)));
    },
  };
});
const { makeCampaign, makeDonation, makeMandate } = await import('../support/donationFixtures');
const { callRoute, changedTables, loadApiRoutes, tableFingerprinter } = await import(
  '../support/endpointHarness'
);
const { closeDb, getDb } = await import('~/lib/server/db');
const { users } = await import('~/lib/server/db/schema');
const { eq } = await import('drizzle-orm');
const { loadCurrentUser } = await import('~/lib/server/accounts/claims');
const { issueTokenPair } = await import('~/lib/server/accounts/tokens');
const { createOrPromoteAdmin } = await import('~/lib/server/admin/createAdmin');
const { registerOrganisation } = await import('~/lib/server/organisations/register');
const { registerOrganisationSchema } = await import('~/lib/schemas/organisation');
const v = await import('valibot');
const { organisationForm } = await import('./validExamples');

/**
 * Tables a refused request may change by design, each with its reason. Everything else must be
 * byte for byte the same after a 4xx.
 */
const CHANGES_ON_REFUSAL = [
  // Counts every attempt, refused ones included: that is how attempts are limited.
  'rate_limits',
];

/** Tables one route's refusal may change by design, by route. */
const ROUTE_CHANGES_ON_REFUSAL: Readonly<Record<string, readonly string[]>> = {
  // A wrong password for a real account is audited ('login-failed'): the security record of a guessing attempt.
  'POST /api/v1/authentication/login': ['audit_log'],
};

/** Routes whose refusals are not the JSON envelope, by design (the caller is a gateway, not our client). */
const PLAIN_TEXT_REFUSALS = new Set([
  // PayPal reads only the status; docs in the route file: 'Invalid' with 400 for a webhook it does not vouch for.
  'POST /api/v1/payments/paypal/webhook',
]);

type Role = 'visitor' | 'owner' | 'admin';

let world: World;
let tokens: Record<Role, string | null>;
let examples: Record<string, Record<string, unknown>>;
const routes = await loadApiRoutes();

beforeAll(async () => {
  const campaign = await makeCampaign({ frequency: 1 });
  const donation = await makeDonation(campaign);
  const mandate = await makeMandate(campaign, { term: 1 });
  const db = await getDb();
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, campaign.ownerEmail));
  const ownerUser = owner && (await loadCurrentUser(owner.id));
  if (!ownerUser) throw new Error('no campaign owner');
  const organisation = await registerOrganisation(
    ownerUser,
    v.parse(registerOrganisationSchema, {
      ...organisationForm,
      mainContactPerson: organisationForm.mainContactPerson,
    }),
    { logo: [], s18Certificate: [] },
  );
  const admin = await createOrPromoteAdmin(db, 'staff@example.org');
  const adminUser = await loadCurrentUser(admin.userId);
  if (!adminUser) throw new Error('no admin');
  world = {
    ownerId: ownerUser.id,
    ownerEmail: ownerUser.email,
    campaignId: campaign.id,
    campaignUrl: campaign.url,
    organisationId: organisation.id,
    organisationUrl: organisation.url,
    donationId: donation.id,
    donationToken: donation.token,
    donationReference: donation.reference,
    mandateToken: mandate.token,
  };
  // A fresh login after the organisation exists, so the token carries hasOrganization.
  const refreshedOwner = await loadCurrentUser(ownerUser.id);
  tokens = {
    visitor: null,
    owner: refreshedOwner ? (await issueTokenPair(refreshedOwner)).accessToken : null,
    admin: (await issueTokenPair(adminUser)).accessToken,
  };
  examples = routeExamples(world);
  // Gateways and PayPal are never reached from unit tests: the notify routes' background checks fail fast.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in unit tests'));
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await closeDb();
  testEnv.cleanup();
});

interface HostileRequest {
  params: Record<string, string>;
  query: string;
  body: BodyInit | null;
  contentType: string | null;
  /** What was made hostile, for the failure report. */
  story: string;
}

const hostileParam = fc.oneof(notUuid, pathLike, sqlLike, nastyString, nulString, longString(500, 5_000));

const hostileQuery = (names: string[]) =>
  fc.oneof(
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...names, 'x'), nastyString), hostileScalar), { maxLength: 4 })
      .map((pairs) => new URLSearchParams(pairs.map(([k, value]) => [k, String(value)])).toString()),
    fc.constantFrom('%', '%zz', 'a=%ff%fe', '&&==&', 'pageNo=1&pageNo=2&pageNo[]=3', `q=${'x'.repeat(5000)}`),
  );

/** A field's value as a form sends it: text as is, anything else as JSON text. */
const formValue = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function multipartOf(fields: unknown): FormData {
  const form = new FormData();
  if (fields !== null && typeof fields === 'object' && !Array.isArray(fields)) {
    for (const [name, value] of Object.entries(fields))
      if (value !== undefined) form.append(name, formValue(value));
  } else {
    form.append('value', formValue(fields));
  }
  return form;
}

/** Raw JSON texts no JSON.stringify produces: broken, numbers beyond a double, duplicate keys, a BOM. */
const RAW_JSON = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '[]',
  'null',
  '"text"',
  '12',
  '{"amount":1e400}',
  '{"amount":-1e400,"payoutAmount":1e400}',
  '{"a":1,"a":{"b":2}}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];

/** `example` with one field's value replaced by a number literal JSON cannot carry as a double. */
function withHugeNumber(example: Record<string, unknown>, key: string): string {
  return JSON.stringify({ ...example, [key]: '__HUGE__' }).replace('"__HUGE__"', '1e400');
}

function bodyArbitrary(
  kind: 'json' | 'multipart' | 'urlencoded' | 'none',
  example?: Record<string, unknown>,
) {
  const values = hostileValue(40_000);
  const objects = example ? nearlyValid(example, values) : nearlyValid({}, values);
  const story = (m: { change: string; path: string; value: unknown }) =>
    `${m.change} ${m.path} = ${describeValue(m.value)}`;
  if (kind === 'multipart') {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: objects.map(({ input, mutation }) => ({
          body: multipartOf(input),
          contentType: null,
          story: `multipart ${story(mutation)}`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          {
            body: '{"name":"json to a form"}',
            contentType: 'application/json',
            story: 'JSON to a multipart route',
          },
          {
            body: '--x\r\nbroken',
            contentType: 'multipart/form-data; boundary=x',
            story: 'broken multipart',
          },
          { body: 'a=1', contentType: 'multipart/form-data', story: 'multipart without a boundary' },
          { body: null, contentType: null, story: 'no body' },
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('name', 'story', 'socials', 'bankingDetails', 'description', 'legalName')
          .map((name) => ({
            body: multipartOf({ ...example, [name]: 'x'.repeat(300_000) }),
            contentType: null,
            story: `multipart ${name} of 300 000 characters`,
          })),
      },
    );
  }
  if (kind === 'urlencoded') {
    return fc.oneof(
      objects.map(({ input, mutation }) => ({
        body: new URLSearchParams(
          Object.entries(typeof input === 'object' && input !== null ? input : { value: input }).map(
            ([k, value]) => [k, formValue(value)],
          ),
        ).toString(),
        contentType: 'application/x-www-form-urlencoded',
        story: `form ${story(mutation)}`,
      })),
      fc.constantFrom('a=%00', '%zz=%zz', '&&&', 'a'.repeat(70_000)).map((body) => ({
        body,
        contentType: 'application/x-www-form-urlencoded',
        story: `raw form ${describeValue(body)}`,
      })),
    );
  }
  const keys = Object.keys(example ?? { amount: 0 });
  return fc.oneof(
    {
      weight: 6,
      arbitrary: objects.map(({ input, mutation }) => ({
        body: JSON.stringify(input) ?? 'null',
        contentType: 'application/json',
        story: `JSON ${story(mutation)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_JSON)
        .map((body) => ({ body, contentType: 'application/json', story: `raw JSON ${describeValue(body)}` })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...keys).map((key) => ({
        body: withHugeNumber(example ?? {}, key),
        contentType: 'application/json',
        story: `JSON ${key} = 1e400`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        body: `{"a":"${'x'.repeat(70_000)}"}`,
        contentType: 'application/json',
        story: '70 KB of JSON',
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ body: 'a=1', contentType: 'text/plain', story: 'form text to a JSON route' }),
    },
  );
}

function requestArbitrary(route: (typeof routes)[number]): fc.Arbitrary<HostileRequest> {
  const params = fc.record(
    Object.fromEntries(
      route.params.map((name) => [
        name,
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(realParam(route.pattern, world)) },
          { weight: 1, arbitrary: hostileParam },
        ),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const example = examples[routeKey(route)];
  const names = [...route.queryNames, ...Object.keys(example ?? {})];
  const query = fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: hostileQuery(names.length > 0 ? names : ['q']) },
  );
  const body =
    route.method === 'GET'
      ? fc.constant({ body: null, contentType: null, story: 'no body' })
      : bodyArbitrary(route.body === 'none' ? 'json' : route.body, example);
  return fc.tuple(params, query, body).map(([p, q, b]) => ({
    params: p,
    query: q,
    body: b.body,
    contentType: b.contentType,
    story: `params ${describeValue(p)} query ${describeValue(q)}: ${b.story}`,
  }));
}

const serverErrors: string[] = [];

/** What is wrong with the answer to `request`, or null. */
async function problemOf(route: (typeof routes)[number], response: Response): Promise<string | null> {
  const text = await response.text();
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)} ${serverErrors.at(-1) ?? ''}`;
  if (response.status < 400 || PLAIN_TEXT_REFUSALS.has(routeKey(route))) return null;
  let body: { data?: unknown; meta?: { message?: unknown }; errors?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `${response.status} is not JSON: ${text.slice(0, 120)}`;
  }
  const message = body.meta?.message;
  if (typeof message !== 'string' || message.trim() === '')
    return `${response.status} without a message: ${text.slice(0, 200)}`;
  if (!('data' in body) || !Array.isArray(body.errors) || body.errors.length === 0)
    return `${response.status} is not the failure envelope: ${text.slice(0, 200)}`;
  return null;
}

let print: Map<string, string> | undefined;
let fingerprintTables: (() => Promise<Map<string, string>>) | undefined;

async function send(route: (typeof routes)[number], role: Role, request: HostileRequest): Promise<void> {
  fingerprintTables ??= await tableFingerprinter(CHANGES_ON_REFUSAL);
  print ??= await fingerprintTables();
  const headers: Record<string, string> = {};
  const token = tokens[role];
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const response = await callRoute(route, {
    params: request.params,
    query: request.query,
    body: request.body,
    headers,
  });
  const problem = await problemOf(route, response);
  await Promise.all(background.splice(0));
  if (problem) throw new Error(`${role}, ${request.story}: ${problem}`);
  const after = await fingerprintTables();
  const allowed = ROUTE_CHANGES_ON_REFUSAL[routeKey(route)] ?? [];
  const changed = changedTables(print, after).filter((table) => !allowed.includes(table));
  print = after;
  if (response.status >= 400 && changed.length > 0)
    throw new Error(`${role}, ${request.story}: ${response.status} but wrote to ${changed.join(', ')}`);
}

/**
 * Cases every route gets each time, found by this file's random runs once and kept: integers out
 * of the database's range in its parameters, and (with a body) text the database cannot store,
 * escaped into JSON (a lone surrogate, a NUL), in the first text field of the route's example.
 */
function fixedRequests(route: (typeof routes)[number]): HostileRequest[] {
  return [...outOfRangeNumbers(route), ...unstorableText(route)];
}

/**
 * Integers past PostgreSQL's `integer` (and `bigint`) in every path parameter and query name at
 * once: such an id names nothing, and must never reach SQL as an out-of-range value (22003, a 500).
 */
function outOfRangeNumbers(route: (typeof routes)[number]): HostileRequest[] {
  if (route.params.length === 0 && route.queryNames.length === 0) return [];
  return ['2147483648', '986120631139', '99999999999999999999'].map((number) => ({
    params: Object.fromEntries(route.params.map((name) => [name, number])),
    query: route.queryNames.map((name) => `${name}=${number}`).join('&'),
    body: null,
    contentType: null,
    story: `fixed: every parameter = ${number}`,
  }));
}

function unstorableText(route: (typeof routes)[number]): HostileRequest[] {
  if (route.method === 'GET' || route.body === 'urlencoded') return [];
  const example = examples[routeKey(route)] ?? { name: 'x' };
  const field = Object.keys(example).find((key) => typeof example[key] === 'string') ?? 'name';
  const params = Object.fromEntries(route.params.map((name) => [name, realParam(route.pattern, world)]));
  return ['a\\udc00b', 'a\\ud800', 'a\\u0000b'].map((escaped) => {
    const json = JSON.stringify({ ...example, [field]: '__HOSTILE__' }).replace('__HOSTILE__', escaped);
    const multipart = route.body === 'multipart';
    const form = multipartOf(example);
    // In a form, the escape can only arrive inside a field carrying JSON text.
    if (multipart) form.set('socials', `[{"platform":"x","url":"${escaped}"}]`);
    return {
      params,
      query: '',
      body: multipart ? form : json,
      contentType: multipart ? null : 'application/json',
      story: `fixed: ${field} = "${escaped}"`,
    };
  });
}

// About 700 requests in all keep the file near 25 s on a shared machine; HOSTILE_RUNS=10 (say)
// multiplies every run for a longer search, outside `npm test`.
const RUN_FACTOR = Math.max(1, Number(process.env.HOSTILE_RUNS) || 1);

/**
 * The roles each route is tried as: everyone as a visitor (a route that needs a user stops
 * them at once, so a run is enough); the owner, or an admin for the admin routes.
 */
function rolesOf(route: (typeof routes)[number]): { role: Role; runs: number }[] {
  const runs = (role: Role, n: number) => ({ role, runs: n * RUN_FACTOR });
  if (route.access === 'admin') return [runs('visitor', 1), runs('admin', 7)];
  if (route.access === 'user') return [runs('visitor', 1), runs('owner', 7)];
  return [runs('visitor', 6), runs('owner', 2)];
}

describe('hostile requests to every API route', () => {
  it('finds the routes and their handlers', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  for (const route of routes) {
    it(`${routeKey(route)}: never a 5xx, refusals are envelopes and write nothing`, async () => {
      // An unexpected error is logged with its class and stack (platform/errorReporting.ts).
      const spy = vi.spyOn(log, 'error').mockImplementation(((fields: unknown, message?: string) => {
        serverErrors.push(`${message ?? ''} ${JSON.stringify(censorFields(fields))}`.slice(0, 400));
      }) as typeof log.error);
      try {
        for (const { role, runs } of rolesOf(route)) {
          for (const request of fixedRequests(route)) await send(route, role, request);
          await fc.assert(
            fc.asyncProperty(requestArbitrary(route), (request) => send(route, role, request)),
            { numRuns: runs, endOnFailure: true },
          );
        }
      } finally {
        spy.mockRestore();
      }
    }, 60_000);
  }
});

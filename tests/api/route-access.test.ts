import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type AccessLevel, ROUTE_ACCESS } from '~/lib/server/http/routeAccess';
import { ACCESS_CASES, type AccessCall, type AccessWorld } from './support/accessCases';
import { buildAccessWorld } from './support/accessWorld';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, png } from './support/campaigns';
import { TINY_PDF as PDF } from './support/documents';
import { type ApiResponse, api } from './support/http';

// Every API route that is not public, called for real (tests/api/support/accessCases.ts): without
// a valid token it is a 401, a stranger is turned away from someone else's resource and changes
// nothing, a non-admin is refused the back office, and the rightful caller's same call gets past
// the check (so the ids in the table are right and the refusals mean something).

const SIGNED_OUT = 'Please log in to continue.';
const EXPIRED = 'Your session has expired.';

const casesFor = (...levels: AccessLevel[]) =>
  Object.entries(ACCESS_CASES)
    .map(([key, entry]) => ({ key, ...entry, access: ROUTE_ACCESS[key]?.access }))
    .filter((row) => row.access !== undefined && levels.includes(row.access));

let world: AccessWorld;
let stranger: SignedInAccount;
let admin: string;
let image: Uint8Array;

beforeAll(async () => {
  [world, stranger, admin, image] = await Promise.all([
    buildAccessWorld(),
    verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' }),
    demoToken('nomvula'),
    png(),
  ]);
}, 60_000);

async function call(request: AccessCall, token?: string): Promise<ApiResponse> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const { body } = request;
  if (!body) return api(request.path, { method: request.method, headers });
  if ('json' in body) {
    return api(request.path, {
      method: request.method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body.json),
    });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(body.form)) {
    form.append(name, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  for (const file of body.files ?? []) {
    const bytes = file.kind === 'png' ? image : PDF;
    const type = file.kind === 'png' ? 'image/png' : 'application/pdf';
    form.append(file.field, new Blob([new Uint8Array(bytes)], { type }), file.name);
  }
  return api(request.path, { method: request.method, headers, body: form });
}

/** What the owner reads at `path`, less what the image job fills in on its own time. */
async function ownerReads(path: string): Promise<unknown> {
  const res = await send('GET', path, undefined, world.owner.accessToken);
  expect(res.status, `read back ${path}: ${res.text.slice(0, 300)}`).toBe(200);
  return JSON.parse(JSON.stringify(res.body.data, (key, value) => (key === 'srcSet' ? undefined : value)));
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** Tokens the server must not honour, each made from the stranger's real one. */
async function forgedTokens(token: string): Promise<Record<string, string>> {
  const claims = decodeJwt(token);
  const [header, , signature] = token.split('.');
  const serverKey = new TextEncoder().encode(inject('jwtSecret'));
  return {
    'a tampered token (role admin, old signature)': `${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`,
    'an alg none token': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
    'a token signed with a wrong key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(randomBytes(32)),
    'an expired token': await new SignJWT({ ...claims, iat: now() - 3600, exp: now() - 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(serverKey),
  };
}

describe('the forged tokens are forged only in what each one says', () => {
  it('the same claims signed with the server key are honoured (so the expired token fails for its expiry)', async () => {
    const claims = decodeJwt(stranger.accessToken);
    const fresh = await new SignJWT({ ...claims, exp: now() + 600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(inject('jwtSecret')));
    const res = await send('GET', `/api/v1/users/${stranger.id}`, undefined, fresh);
    expect(res.status, res.text).toBe(200);
  });
});

describe('every route that is not public answers 401 without a valid token', () => {
  it.each(casesFor('signed-in', 'owner', 'admin'))('$key', async ({ call: request }) => {
    const attempts: [string, string | undefined][] = [
      ['no token', undefined],
      ...Object.entries(await forgedTokens(stranger.accessToken)),
    ];
    // At once: each attempt is independent, and nothing they do may change anything.
    const answers = await Promise.all(attempts.map(([, token]) => call(request(world), token)));
    attempts.forEach(([name], i) => {
      const res = answers[i] as ApiResponse;
      expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(401);
      expect(res.body.meta.message, name).toBe(name === 'an expired token' ? EXPIRED : SIGNED_OUT);
    });
  });
});

describe("a stranger is refused someone else's resource and changes nothing", () => {
  it.each(casesFor('owner'))('$key', async ({ call: request, readBack }) => {
    const before = readBack ? await ownerReads(readBack(world)) : null;
    const res = await call(request(world), stranger.accessToken);
    expect([403, 404], res.text.slice(0, 300)).toContain(res.status);
    if (readBack) expect(await ownerReads(readBack(world))).toEqual(before);
  });
});

describe('a stranger hears 403 / 404 before the body is read, never what the body got wrong', () => {
  const withBody = casesFor('owner').filter((row) => !row.key.startsWith('GET ') && !row.resourceInBody);
  it.each(withBody)('$key', async ({ call: request }) => {
    const valid = request(world);
    const garbage: AccessCall['body'] =
      valid.body && 'json' in valid.body
        ? { json: 'not an object' }
        : { form: { name: '', bankingDetails: 'not json', verification: '[' } };
    const res = await call({ ...valid, body: garbage }, stranger.accessToken);
    expect([403, 404], res.text.slice(0, 300)).toContain(res.status);
  });
});

describe('the back office', () => {
  it.each(casesFor('admin'))(
    '$key: a signed-in user who is not an admin gets 403',
    async ({ call: request }) => {
      const res = await call(request(world), stranger.accessToken);
      expect(res.status, res.text.slice(0, 300)).toBe(403);
    },
  );

  it.each(casesFor('admin'))('$key: an admin gets past the check', async ({ call: request }) => {
    const res = await call(request(world), admin);
    expect([401, 403, 500], res.text.slice(0, 300)).not.toContain(res.status);
  });
});

// Last: these calls change the world (launch, close, a payout request), and prove the table's ids.
describe('the rightful caller gets past the check', () => {
  it.each(casesFor('owner'))('$key: the owner', async ({ call: request }) => {
    const res = await call(request(world), world.owner.accessToken);
    expect([401, 403, 404, 500], res.text.slice(0, 300)).not.toContain(res.status);
  });

  it.each(casesFor('signed-in'))('$key: any signed-in user', async ({ call: request }) => {
    const res = await call(request(world), stranger.accessToken);
    expect([401, 403, 500], res.text.slice(0, 300)).not.toContain(res.status);
  });
});

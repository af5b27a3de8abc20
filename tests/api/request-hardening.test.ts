import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { createCampaign, readyFields } from './support/campaigns';
import { api, baseUrl, expectFailureEnvelope, page } from './support/http';

const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request through node:http, which (unlike fetch) sends any method and lets
 * the test declare a Content-Length it never sends in full: an answer that
 * arrives anyway proves the server did not wait to read the body.
 */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; write?: Uint8Array | string; end?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
        req.destroy();
      });
    });
    // The server may close the connection while the rest of a declared body is still owed.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    if (options.write !== undefined) req.write(options.write);
    if (options.end !== false) req.end();
  });
}

// Two accounts for the whole file: registration is rate limited per address.
let owner: SignedInAccount;
let stranger: SignedInAccount;
beforeAll(async () => {
  owner = await verifyAndLogin({ firstName: 'Owner', lastName: 'Mokoena' });
  stranger = await verifyAndLogin({ firstName: 'Sipho', lastName: 'Dlamini' });
});

async function expectHealthy(): Promise<void> {
  const health = await api('/api/v1/health');
  expect(health.status).toBe(200);
}

describe('request body limits', () => {
  it('a JSON body declared beyond 64 KB is a 413 before the server reads it, and /health still answers', async () => {
    // 256 MB declared, 1 KB sent: the answer can only come if the server refused without reading.
    const res = await raw('POST', '/api/v1/authentication/login/', {
      headers: { 'content-type': 'application/json', 'content-length': String(256 * 1024 * 1024) },
      write: `{"email":"${'a'.repeat(1000)}`,
      end: false,
    });
    expect(res.status).toBe(413);
    const body = JSON.parse(res.body) as { meta: { message: string }; errors: { code: string }[] };
    expect(body.meta.message).toBe('The request is too large. The maximum is 64 KB.');
    expect(body.errors[0]?.code).toBe('too_large');
    await expectHealthy();
  });

  it('a chunked JSON body without Content-Length is cut off at the limit with a 413', async () => {
    // 2 MB of valid JSON with no declared length (Node sends it chunked): without the counter it is
    // read whole (a 400). The server answers and closes mid-body; `raw` reads the answer regardless
    // (fetch would report the broken pipe instead).
    const body = `{"email":[${`"${'x'.repeat(16 * 1024)}",`.repeat(127)}"x"]}`;
    const res = await raw('POST', '/api/v1/authentication/login/', {
      headers: { 'content-type': 'application/json' },
      write: body,
    });
    expect(res.status).toBe(413);
    const envelope = JSON.parse(res.body) as { meta: { message: string } };
    expect(envelope.meta.message).toBe('The request is too large. The maximum is 64 KB.');
    await expectHealthy();
  });

  it('the gateway notifications have the same limit', async () => {
    for (const path of ['/api/v1/payments/payfast/notify', '/api/v1/payments/ozow/notify']) {
      const res = await raw('POST', path, {
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(1024 * 1024),
        },
        write: 'm_payment_id=1&',
        end: false,
      });
      expect(res.status, path).toBe(413);
    }
    const webhook = await raw('POST', '/api/v1/payments/paypal/webhook', {
      headers: { 'content-type': 'application/json', 'content-length': String(1024 * 1024) },
      write: '{',
      end: false,
    });
    expect(webhook.status).toBe(413);
  });

  it('an upload beyond the route’s own limit is a 413 (the campaign form allows 51 MB, not more)', async () => {
    const res = await raw('POST', '/api/v1/campaigns/', {
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(60 * 1024 * 1024),
      },
      write: '--x\r\n',
      end: false,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).meta.message).toBe('The upload is too large. The maximum is 51 MB.');
  });

  it('someone who may change no campaign is refused an update post before the server reads the upload', async () => {
    // 20 MB declared (within the 26 MB limit), almost nothing sent: a 403 that arrives was decided before reading.
    const res = await raw('POST', '/api/v1/campaigns/campaign-updates/', {
      headers: {
        authorization: `Bearer ${stranger.accessToken}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
      },
      write: '--x\r\n',
      end: false,
    });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).meta.message).toBe('You do not have permission to change this campaign.');
  });

  it('someone else’s campaign edit and profile picture are refused before their upload is read', async () => {
    const saved = await createCampaign(owner.accessToken, readyFields());
    expect(saved.status, saved.text).toBe(201);
    for (const path of [`/api/v1/campaigns/${saved.body.data.id}`, `/api/v1/users/${owner.id}/image`]) {
      const res = await raw('PATCH', path, {
        headers: {
          authorization: `Bearer ${stranger.accessToken}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(4 * 1024 * 1024),
        },
        write: '--x\r\n',
        end: false,
      });
      expect(res.status, path).toBe(403);
    }
  });
});

/** Every GET endpoint under src/pages/api/v1, as a path with each [param] filled in by `fill`. */
function getEndpoints(fill: string): string[] {
  const root = join(process.cwd(), 'src/pages/api/v1');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
  return files
    .filter((file) => /export const GET\b/.test(readFileSync(join(root, file), 'utf8')))
    .map((file) =>
      `/api/v1/${relative(root, join(root, file))}`
        .replace(/\.ts$/, '')
        .replace(/\/index$/, '')
        .replace(/\[\.\.\.[^\]]+\]/g, fill)
        .replace(/\[[^\]]+\]/g, fill),
    );
}

describe('NUL characters', () => {
  it('every GET endpoint answers %00 in its path or query with a 400 and a clear message, never a 500', async () => {
    const endpoints = getEndpoints('a%00b');
    expect(endpoints.length).toBeGreaterThan(20);
    for (const path of endpoints) {
      for (const url of [`${path}?address=%00&search=a%00b&idType=0`, path.includes('%00') ? path : null]) {
        if (!url) continue;
        const res = await api(url);
        expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(400);
        expectFailureEnvelope(res.body);
        expect(res.body.meta.message).toBe(NUL_MESSAGE);
      }
    }
  });

  it('pages with %00 in the path answer 400, not 500', async () => {
    for (const path of ['/donation/a%00b', '/campaign/a%00b', '/find-campaign?search=%00']) {
      const res = await page(path);
      expect(res.status, path).toBe(400);
      expect(res.html).toBe(NUL_MESSAGE);
    }
  });

  it('a NUL in a JSON body is a 400', async () => {
    const res = await send('POST', '/api/v1/authentication/forgot-password/', {
      email: 'a\u0000@letsema.test',
    });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(NUL_MESSAGE);
    const nested = await send('POST', '/api/v1/authentication/login/', {
      email: 'x@letsema.test',
      password: 'whatever-it-is',
      extra: [{ deep: 'a\u0000b' }],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.meta.message).toBe(NUL_MESSAGE);
  });

  it('a NUL in a multipart text field or JSON field is a 400', async () => {
    const text = await createCampaign(owner.accessToken, readyFields({ name: 'Nul\u0000name' }));
    expect(text.status, text.text).toBe(400);
    expect(text.body.meta.message).toBe(NUL_MESSAGE);
    const json = await createCampaign(
      owner.accessToken,
      readyFields({ videos: ['https://youtu.be/a\u0000b'] }),
    );
    expect(json.status, json.text).toBe(400);
    expect(json.body.meta.message).toBe(NUL_MESSAGE);
  });
});

describe('dates', () => {
  it.each([
    ['2026-02-30', 'an impossible day'],
    ['2026-02-30T10:00:00Z', 'an impossible day with a time'],
    ['0001-01-01', 'a year PostgreSQL cannot store in SAST'],
    ['+275760-09-13', 'the last moment JavaScript knows'],
  ])('a start date of %s (%s) is a 400 with the field’s message', async (startDate) => {
    const res = await createCampaign(owner.accessToken, readyFields({ startDate }));
    expect(res.status, res.text).toBe(400);
    expect(res.body.data).toEqual(
      expect.objectContaining({ startDate: ['Please enter a valid start date.'] }),
    );
  });

  it('an end date of 2026-02-29 (not a leap year) is refused, 2028-02-29 is kept', async () => {
    const refused = await createCampaign(owner.accessToken, readyFields({ endDate: '2026-02-29' }));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.data).toEqual(
      expect.objectContaining({ endDate: ['Please enter a valid end date.'] }),
    );
    const kept = await createCampaign(owner.accessToken, readyFields({ endDate: '2028-02-29' }));
    expect(kept.status, kept.text).toBe(201);
  });
});

describe('unknown methods', () => {
  it.each(['TRACE', 'PROPFIND'])('%s on an API route is a JSON 405 with an Allow header', async (method) => {
    const res = await raw(method, '/api/v1/health');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(res.body).errors[0].code).toBe('method_not_allowed');
  });

  it.each(['TRACE', 'PROPFIND'])('%s on a page is a 405 with an Allow header', async (method) => {
    const res = await raw(method, '/');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain('GET');
    await expectHealthy();
  });
});

describe('gateway notifications with a NUL', () => {
  it.each(['/api/v1/payments/payfast/notify', '/api/v1/payments/ozow/notify'])(
    '%s answers a %%00 in the form with a 400',
    async (path) => {
      const res = await api(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'm_payment_id=a%00b&TransactionReference=a%00b',
      });
      expect(res.status).toBe(400);
      expect(res.body.meta.message).toBe(NUL_MESSAGE);
    },
  );
});

import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { listApiRoutes, routeKey } from '../support/apiRoutes';
import { baseUrl } from './support/http';

// A handful of hostile requests to every API route through the built server: what only real
// HTTP carries (bytes that are not UTF-8, a lying Content-Length, a %00 or an invalid percent
// escape in the path, a long URL) plus malformed, mistyped and deeply nested JSON. Never a 5xx;
// every refusal from the app is the failure envelope. The in-process property tests
// (tests/unit/hostile/endpoints.test.ts) go deeper into each route's fields.

const FAKE_ID = '3f1c2b9e-7a4d-4c1e-9f0a-2b3c4d5e6f70';

/** Routes whose refusals are not the JSON envelope, by design (the caller is a gateway, not our client). */
const PLAIN_TEXT_REFUSALS = new Set(['POST /api/v1/payments/paypal/webhook']);

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends exactly `head` and `body` bytes on a fresh socket and reads the answer until the server
 * closes: fetch would refuse to send most of what this file sends.
 */
function rawHttp(head: string, body: Uint8Array | string = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [headers = '', ...rest] = text.split('\r\n\r\n');
      const raw = rest.join('\r\n\r\n');
      let bytes = Buffer.from(
        /^transfer-encoding: *chunked/im.test(headers) ? unchunked(raw) : raw,
        'latin1',
      );
      if (/^content-encoding: *gzip/im.test(headers)) bytes = gunzipSync(bytes);
      if (/^content-encoding: *br/im.test(headers)) bytes = brotliDecompressSync(bytes);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body: bytes.toString('utf8'),
      });
    });
    socket.write(`${head}\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    // No half-close: Node's server drops the answer to a request whose client ended its side
    // (httpAllowHalfOpen is off). `Connection: close` makes the server close after answering.
    socket.write(body);
  });
}

/** A chunked body's bytes (latin1 text in, latin1 text out). */
function unchunked(raw: string): string {
  let body = '';
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, end), 16);
    if (end < 0 || !(size > 0)) return body;
    body += rest.slice(end + 2, end + 2 + size);
    rest = rest.slice(end + 2 + size + 2);
  }
}

function request(
  method: string,
  path: string,
  body: Uint8Array | string = '',
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const all = { 'content-length': String(bytes.byteLength), ...headers };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}`);
  return rawHttp([`${method} ${path} HTTP/1.1`, ...lines].join('\r\n'), bytes);
}

/** What is wrong with an answer: a 5xx, or a refusal from the app that is not the envelope. */
function problemOf(answer: RawAnswer, plainTextAllowed: boolean): string | null {
  if (answer.status === 0) return 'no HTTP answer';
  if (answer.status >= 500) return `${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status < 400 || plainTextAllowed) return null;
  // Node's own HTTP parser refuses a malformed request before the app sees it (400, 431): no request id, no body.
  if (!/^x-request-id:/im.test(answer.headers)) return null;
  try {
    const body = JSON.parse(answer.body) as {
      data?: unknown;
      meta?: { message?: unknown };
      errors?: unknown;
    };
    const message = body.meta?.message;
    if (typeof message === 'string' && message !== '' && 'data' in body && Array.isArray(body.errors))
      return null;
  } catch {
    // Reported below.
  }
  return `${answer.status} is not the failure envelope: ${answer.body.slice(0, 200)}`;
}

/** Invalid UTF-8 inside a JSON string: a lone continuation byte, 0xFF, and an encoded surrogate half. */
const INVALID_UTF8 = Buffer.concat([
  Buffer.from('{"name":"'),
  Buffer.from([0x80, 0xff, 0xfe, 0xed, 0xa0, 0x80]),
  Buffer.from('","email":"a@b.c"}'),
]);

const JSON_TYPE = { 'content-type': 'application/json' };

interface Case {
  name: string;
  send: (method: string, path: string) => Promise<RawAnswer>;
}

const BODY_CASES: Case[] = [
  { name: 'malformed JSON', send: (m, p) => request(m, p, '{"name":', JSON_TYPE) },
  { name: 'JSON that is a list', send: (m, p) => request(m, p, '[1,2,3]', JSON_TYPE) },
  {
    name: 'duplicate keys',
    send: (m, p) => request(m, p, '{"amount":20,"amount":"x","a":{"b":1},"a":[]}', JSON_TYPE),
  },
  {
    name: 'JSON nested 20 000 deep',
    send: (m, p) => request(m, p, `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, JSON_TYPE),
  },
  { name: 'bytes that are not UTF-8', send: (m, p) => request(m, p, INVALID_UTF8, JSON_TYPE) },
  {
    name: 'a form where JSON goes',
    send: (m, p) => request(m, p, 'name=x&amount=20', { 'content-type': 'text/plain' }),
  },
  {
    name: 'JSON where a form goes',
    send: (m, p) => request(m, p, '{"name":"x"}', { 'content-type': 'multipart/form-data; boundary=zz' }),
  },
  {
    name: 'a Content-Length shorter than the body',
    send: (m, p) =>
      rawHttp(`${m} ${p} HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: 3`, '{"a":"bcdef"}'),
  },
  {
    name: 'a Content-Length that is not a number',
    send: (m, p) =>
      rawHttp(`${m} ${p} HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: 12abc`, '{}'),
  },
  {
    name: 'hostile headers',
    send: (m, p) =>
      request(m, p, '{}', {
        ...JSON_TYPE,
        authorization: `Bearer ${'a'.repeat(6000)}.${'b'.repeat(100)}.c`,
        'x-request-id': '../../etc/passwd\tforged',
        'accept-encoding': 'gzip;q=NaN, br;q=-1',
      }),
  },
];

/** The route's path with every parameter set to `value` (already encoded). */
const pathWith = (pattern: string, value: string): string => pattern.replace(/\[(?:\.\.\.)?[^\]]+\]/g, value);

const PATH_CASES: { name: string; value: string; query: string }[] = [
  { name: '%00 in the path and query', value: `${FAKE_ID}%00`, query: '?pageNo=%00&q=a%00b' },
  { name: 'an invalid percent escape', value: '%E0%A4%A', query: '?pageNo=%zz&q=%ED%A0%80' },
  { name: 'an encoded surrogate half', value: '%ED%A0%80', query: '?idType=%ff' },
  { name: 'dot segments', value: '..%2F..%2Fetc%2Fpasswd', query: '?idType=1e400' },
  {
    name: 'a long URL',
    value: 'x'.repeat(4000),
    query: `?q=${'y'.repeat(3000)}&pageSize=99999999999999999999`,
  },
];

const routes = listApiRoutes();

describe('hostile HTTP requests to every API route', () => {
  for (const route of routes) {
    const key = routeKey(route);
    const method = route.method === 'ALL' ? 'POST' : route.method;
    const plainText = PLAIN_TEXT_REFUSALS.has(key);
    it(`${key}: never a 5xx, refusals are envelopes`, async () => {
      const problems: string[] = [];
      // A route without parameters gets only the case the middleware refuses: others would reach it
      // and spend this address's rate limits (the captcha challenge's), which other files need.
      const pathCases = route.pattern.includes('[') ? PATH_CASES : PATH_CASES.slice(0, 1);
      for (const { name, value, query } of pathCases) {
        const path = `${pathWith(route.pattern, value)}${query}`;
        const problem = problemOf(
          await request(method, path, method === 'GET' ? '' : '{}', JSON_TYPE),
          plainText,
        );
        if (problem) problems.push(`${name}: ${problem}`);
      }
      if (method !== 'GET') {
        const path = pathWith(route.pattern, FAKE_ID);
        for (const { name, send } of BODY_CASES) {
          const problem = problemOf(await send(method, path), plainText);
          if (problem) problems.push(`${name}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('still answers afterwards', async () => {
    const health = await request('GET', '/api/v1/health');
    expect(health.status).toBe(200);
  });
});

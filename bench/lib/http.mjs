// Plain HTTP on loopback, without fetch's automatic decompression: the bench needs the bytes as sent.
import { request } from 'node:http';

/** What a browser asks for. */
export const BROWSER_ENCODING = 'br, gzip';

/**
 * GET `url` and count the body bytes as they came over the wire (compressed when the server
 * compressed). Resolves with the status, headers and that count; never follows redirects.
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, bytes: number }>}
 */
export function rawGet(url, { headers = { 'accept-encoding': BROWSER_ENCODING }, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET that must answer 200; throws with the status otherwise. */
export async function mustGet(url) {
  const answer = await rawGet(url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}; nothing to measure`);
  return answer;
}

/** JSON request through fetch (loopback only), throwing on an unexpected status. */
export async function jsonRequest(url, { method = 'GET', body, token, expect = 200 } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== expect)
    throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

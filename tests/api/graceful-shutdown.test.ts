import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { startPayfastGateway } from '../../bench/lib/payfastGateway.mjs';
import { startServer } from '../../scripts/test-support/server.mjs';
import { donationBody } from './support/donations';
import { NOTIFY_PATH } from './support/payfast';

// A stop signal (a deploy, `docker stop`, Ctrl-C) lets the requests in flight finish: a donor whose
// donation was being booked gets their answer, PayFast's notification is booked and acknowledged,
// and the database closes cleanly so the next start finds everything. Its own server, on PGlite on
// disk (the embedded database is the one a stop could leave half-written); once, in the PGlite pass.

type Running = Awaited<ReturnType<typeof startServer>>;
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A POST whose headers and first half of the body are sent now and the rest only on `finish()`:
 * a request the server is handling, and cannot finish, until the test says so.
 */
function halfSentPost(
  baseUrl: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): { finish: () => Promise<Answer> } {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let answer: Promise<Answer> | undefined;
  const req = httpRequest(new URL(path, baseUrl), {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-length': String(bytes.length) },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
  });
  // Read by finish(); a test that fails before then must not leave a rejection nobody handles.
  answered.catch(() => {});
  req.write(bytes.subarray(0, half));
  return {
    finish: () => {
      answer ??= new Promise<void>((resolve) => req.end(bytes.subarray(half), resolve)).then(() => answered);
      return answer;
    },
  };
}

/** A GET on the given agent (a kept-alive connection) or a new connection; a connection error is returned, not thrown. */
function get(baseUrl: string, path: string, agent: Agent | false): Promise<Answer | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(new URL(path, baseUrl), { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/authentication/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function donate(
  baseUrl: string,
  token: string,
): Promise<{ id: string; checkout: Record<string, string> }> {
  const response = await fetch(`${baseUrl}/api/v1/donations/logged-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(donationBody({ paymentMethod: PaymentGateway.PayFast })),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const { data } = JSON.parse(text) as {
    data: { id: string; transactionInfo: { paymentForm: { fields: Record<string, string> } } };
  };
  return { id: data.id, checkout: data.transactionInfo.paymentForm.fields };
}

async function donationStatus(baseUrl: string, token: string, id: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/donations/list/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { transactionInfo: { status: number } } }).data.transactionInfo
    .status;
}

const DONOR = 'thabo.nkosi@letsema.test';

describe.runIf(inject('databaseUrl') === 'memory://')('stopping the server with SIGTERM', () => {
  const password = inject('demoPassword');
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-shutdown-'));
  let gateway: Awaited<ReturnType<typeof startPayfastGateway>>;
  let first: Running;
  let second: Running | undefined;

  beforeAll(async () => {
    gateway = await startPayfastGateway();
    first = await startServer({ databaseUrl: '', dataDir, env: { ...gateway.env, DEMO_PASSWORD: password } });
    expect(first.health?.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await gateway?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the requests in flight, refuses new ones, exits 0, and what they wrote is there after a restart', async () => {
    const token = await login(first.baseUrl, DONOR, password);
    const toPay = await donate(first.baseUrl, token);
    const itn = gateway.itnFor(toPay.checkout);
    const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(first.baseUrl, '/api/v1/health', keptAlive)).toMatchObject({ status: 200 });

    // In flight: PayFast's notification for the first donation, and a second donation.
    const notification = halfSentPost(first.baseUrl, NOTIFY_PATH, itn, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const donation = halfSentPost(
      first.baseUrl,
      '/api/v1/donations/logged-in',
      JSON.stringify(donationBody({ paymentMethod: PaymentGateway.PayFast })),
      { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    );
    // One answer on a third connection after both: the server has read their headers by then.
    expect(await get(first.baseUrl, '/api/v1/health', false)).toMatchObject({ status: 200 });

    first.child.kill('SIGTERM');
    // New connections are refused once it has stopped listening.
    let fresh = await get(first.baseUrl, '/api/v1/health', false);
    while ('status' in fresh || fresh.error === 'ECONNRESET') {
      // Until the signal is handled it answers, and a connection it accepted just before it stopped
      // listening is told to come back. One still in the kernel's queue when the socket stops
      // listening was never the server's to answer: the kernel resets it (the client may retry).
      if ('status' in fresh) expect([200, 503]).toContain(fresh.status);
      fresh = await get(first.baseUrl, '/api/v1/health', false);
    }
    expect(fresh.error).toBe('ECONNREFUSED');
    // A request on a connection kept alive from before: a 503 to retry, or the connection closed.
    const late = await get(first.baseUrl, '/api/v1/health', keptAlive);
    if ('status' in late) {
      expect(late.status).toBe(503);
      expect(late.headers['retry-after']).toBeDefined();
    }
    keptAlive.destroy();

    const [notified, donated] = await Promise.all([notification.finish(), donation.finish()]);
    expect(notified.status, notified.text).toBe(200);
    expect(donated.status, donated.text).toBe(201);
    expect(await first.exited).toEqual({ code: 0, signal: null });

    second = await startServer({
      databaseUrl: '',
      dataDir,
      env: { ...gateway.env, DEMO_PASSWORD: password },
    });
    const again = await login(second.baseUrl, DONOR, password);
    expect(await donationStatus(second.baseUrl, again, toPay.id)).toBe(DonationStatus.Accepted);
    const { id } = (JSON.parse(donated.text) as { data: { id: string } }).data;
    expect(await donationStatus(second.baseUrl, again, id)).toBe(DonationStatus.Pending);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreatedRecurrence } from '~/lib/contracts/donations';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { startServer } from '../../scripts/test-support/server.mjs';
import { latestMail, linkToken, loginAs, send, verificationToken } from './support/accounts';
import { formOf, multipart, readyCampaign } from './support/campaigns';
import { TINY_PDF } from './support/documents';
import {
  DEMO_RECURRING_CAMPAIGN,
  donated,
  donationBody,
  pollDonation,
  solveCaptcha,
} from './support/donations';
import { iveriPress } from './support/gatewayDeliveries';
import { baseUrl, getCachedPage, page, pathOf, useServer } from './support/http';
import { payAtSimulator } from './support/payfast';

// Issue 28, item 1: the log is JSON lines an operator ships elsewhere, so nothing secret may
// reach it. A server of its own at LOG_LEVEL=debug (the most it ever writes: request headers
// too) goes through what carries secrets: signing up and in with a password, a failed login,
// a password reset by the token in its mail, a refreshed session, a bearer token and a cookie,
// a PayFast donation whose notification names the donor's email, an iVeri return carrying a card
// number, a debit order's and a campaign payee's bank account numbers. Then every line it wrote
// must be JSON, each request must have its line, and no secret may be in any of them.
// Once, in the PGlite pass.

const tag = randomUUID().slice(0, 8);
const SECRETS = {
  password: `Kgotla-pw-${tag}-first`,
  wrongPassword: `Kgotla-pw-${tag}-wrong`,
  newPassword: `Kgotla-pw-${tag}-reset`,
  userEmailLocal: `logsecret-user-${tag}`,
  donorEmailLocal: `logsecret-donor-${tag}`,
  cardDonorEmailLocal: `logsecret-card-${tag}`,
  cookie: `cookie-secret-${tag}`,
  cardNumber: '4539148803436467',
  debitAccountNumber: '1470258369',
  payeeAccountNumber: '62019283746',
  idNumber: '8507145009086',
};
const userEmail = `${SECRETS.userEmailLocal}@letsema.test`;
/** Whatever the server hands out during the run, added as the run goes (tokens, links). */
const issued: Record<string, string> = {};

interface Line {
  level: number;
  time: number;
  msg: string;
  [field: string]: unknown;
}

describe.runIf(inject('databaseUrl') === 'memory://')('the log at debug level', () => {
  let own: Awaited<ReturnType<typeof startServer>>;
  const logDir = mkdtempSync(join(tmpdir(), 'letsema-log-'));
  const logFile = join(logDir, 'server.log');
  let lines: Line[] = [];
  let text = '';

  beforeAll(async () => {
    own = await startServer({
      logFile,
      env: { LOG_LEVEL: 'debug', JWT_SECRET: inject('jwtSecret') },
    });
    expect(own.health?.status).toBe(200);
    useServer(own.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await own?.stop();
    rmSync(logDir, { recursive: true, force: true });
  });

  it('an account signs up, confirms, logs in (once wrongly), resets its password and uses its tokens', async () => {
    const registered = await send<{ id: string }>('POST', '/api/v1/authentication/register/', {
      firstName: 'Palesa',
      lastName: 'Dlamini',
      email: userEmail,
      password: SECRETS.password,
    });
    expect(registered.status, registered.text).toBe(201);
    issued.verifyToken = await verificationToken(userEmail);
    const verified = await send('PATCH', '/api/v1/authentication/verify-user/', {
      token: issued.verifyToken,
    });
    expect(verified.status, verified.text).toBe(200);

    const refused = await send('POST', '/api/v1/authentication/login/', {
      email: userEmail,
      password: SECRETS.wrongPassword,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const first = await loginAs(userEmail, SECRETS.password);
    issued.accessToken = first.accessToken;
    issued.refreshToken = first.refreshToken;

    const forgot = await send('POST', '/api/v1/authentication/forgot-password', { email: userEmail });
    expect(forgot.status, forgot.text).toBe(200);
    issued.resetToken = linkToken(
      await latestMail(userEmail, '/auth/reset-password?'),
      '/auth/reset-password?',
    );
    const reset = await send('POST', '/api/v1/authentication/reset-password/', {
      token: issued.resetToken,
      password: SECRETS.newPassword,
    });
    expect(reset.status, reset.text).toBe(200);
    const again = await loginAs(userEmail, SECRETS.newPassword);
    issued.secondAccessToken = again.accessToken;
    const refreshed = await send<{ accessToken: string; refreshToken: string }>(
      'POST',
      '/api/v1/authentication/refresh',
      { refreshToken: again.refreshToken },
    );
    expect(refreshed.status, refreshed.text).toBe(200);
    issued.secondRefreshToken = again.refreshToken;
    issued.thirdRefreshToken = refreshed.body.data.refreshToken;

    // A signed-in call that also brings a cookie (the app sets none; a proxy or a browser might).
    const mine = await fetch(`${baseUrl}/api/v1/campaigns/user-campaigns`, {
      headers: {
        authorization: `Bearer ${refreshed.body.data.accessToken}`,
        cookie: `session=${SECRETS.cookie}`,
      },
    });
    expect(mine.status).toBe(200);
    issued.thirdAccessToken = refreshed.body.data.accessToken;
  });

  it('a PayFast donation is paid and its notification, with the donor’s email, booked', async () => {
    const donation = await donated(
      donationBody({
        campaignUrl: DEMO_RECURRING_CAMPAIGN,
        paymentMethod: PaymentGateway.PayFast,
        email: `${SECRETS.donorEmailLocal}@letsema.test`,
      }),
    );
    issued.donationToken = donation.jwtTokenStringDonationId;
    await payAtSimulator(donation);
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
  });

  it('an iVeri card payment returns with a card number on its address', async () => {
    const donation = await donated(
      donationBody({
        campaignUrl: DEMO_RECURRING_CAMPAIGN,
        paymentMethod: PaymentGateway.IVeri,
        email: `${SECRETS.cardDonorEmailLocal}@letsema.test`,
      }),
    );
    issued.cardDonationToken = donation.jwtTokenStringDonationId;
    const back = new URL(await iveriPress(donation, 'pay'));
    back.searchParams.set('Ecom_Payment_Card_Number', SECRETS.cardNumber);
    const captured = await page(pathOf(back.href));
    expect(captured.status, captured.html.slice(0, 300)).toBe(200);
  });

  it('a debit order and a campaign payee give their bank account numbers', async () => {
    const debitOrder = await send<CreatedRecurrence>(
      'POST',
      '/api/v1/donationsscheduler',
      donationBody({
        campaignUrl: DEMO_RECURRING_CAMPAIGN,
        paymentMethod: PaymentGateway.Paysoft,
        amount: 150,
        tipOrAdminFeeAmount: 0,
        term: 0,
        deductionDate: 0,
        cardConsent: true,
        email: `${SECRETS.donorEmailLocal}@letsema.test`,
        recaptchaToken: await solveCaptcha(),
        debitOrder: {
          bankId: 16,
          accountType: 0,
          accountNumber: SECRETS.debitAccountNumber,
          accountHolderName: 'Palesa Dlamini',
          idNumber: SECRETS.idNumber,
          mandateAccepted: true,
        },
      }),
    );
    expect(debitOrder.status, debitOrder.text).toBe(201);

    const token = issued.thirdAccessToken ?? '';
    const campaign = await readyCampaign(token);
    const form = formOf(
      {
        bankingDetails: {
          accountHolderName: 'Palesa Dlamini',
          idType: 1,
          idNumber: SECRETS.idNumber,
          accountNumber: SECRETS.payeeAccountNumber,
          bankCode: '250655',
          accountType: 0,
        },
      },
      [{ name: 'id.pdf', bytes: TINY_PDF, type: 'application/pdf' }],
      'identificationDocumentation',
    );
    const res = await multipart('PATCH', `/api/v1/campaigns/${campaign.id}/verification`, form, token);
    expect(res.status, res.text).toBe(200);
  });

  it('pages and files are logged too: a cached page at info, a static file at debug', async () => {
    expect((await fetch(`${baseUrl}/favicon.svg`)).status).toBe(200);
    await getCachedPage('/home');
  });

  describe('once the server has stopped', () => {
    beforeAll(async () => {
      // Stopping flushes what is still buffered (pino writes asynchronously).
      await own.stop();
      text = readFileSync(logFile, 'utf8');
      lines = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          try {
            return JSON.parse(line) as Line;
          } catch {
            throw new Error(`Not a JSON line: ${line.slice(0, 300)}`);
          }
        });
    }, 30_000);

    const requests = () => lines.filter((line) => line.msg === 'request');
    const requestTo = (route: string, method = 'POST') =>
      requests().filter((line) => line.route === route && line.method === method);

    it('every line is one JSON object with a level, a time and a message', () => {
      expect(lines.length).toBeGreaterThan(30);
      for (const line of lines) {
        expect(line.level).toBeTypeOf('number');
        expect(line.time).toBeTypeOf('number');
        expect(line.msg).toBeTypeOf('string');
      }
    });

    it('every request has a line with its id, route, method, status, duration and client', () => {
      for (const line of requests()) {
        expect(line).toMatchObject({
          requestId: expect.any(String),
          method: expect.any(String),
          status: expect.any(Number),
          durationMs: expect.any(Number),
          client: '127.0.0.1',
          served: expect.stringMatching(/^(app|cache|static|server)$/),
        });
        expect(line.route === null || typeof line.route === 'string').toBe(true);
      }
      expect(requestTo('/api/v1/authentication/login').map((line) => line.status)).toEqual(
        expect.arrayContaining([200, expect.any(Number)]),
      );
      expect(requestTo('/api/v1/authentication/login').some((line) => (line.status as number) >= 400)).toBe(
        true,
      );
      expect(requestTo('/api/v1/payments/payfast/notify')).toEqual([
        expect.objectContaining({ status: 200 }),
      ]);
      // The route as Astro matched it, never the address with its token.
      expect(requestTo('/api/v1/donations/list/[id]', 'GET').length).toBeGreaterThan(0);
      expect(requests().some((line) => line.served === 'cache' && line.route === '/home')).toBe(true);
      expect(requestTo('/favicon.svg', 'GET')).toEqual([
        expect.objectContaining({ served: 'static', level: 20 }),
      ]);
    });

    it('a request line at debug carries its headers, with the credentials censored', () => {
      const signedIn = requestTo('/api/v1/campaigns/user-campaigns', 'GET');
      expect(signedIn).toEqual([
        expect.objectContaining({
          headers: expect.objectContaining({ authorization: '[redacted]', cookie: '[redacted]' }),
        }),
      ]);
    });

    it('no line holds a password, an email address, a token, a card, account or ID number', () => {
      const secrets = { ...SECRETS, ...issued };
      expect(Object.keys(issued)).toEqual(
        expect.arrayContaining(['verifyToken', 'resetToken', 'accessToken', 'refreshToken', 'donationToken']),
      );
      const found = Object.entries(secrets)
        .filter(([, secret]) => secret && text.includes(secret))
        .map(([name]) => name);
      expect(found).toEqual([]);
      expect(text).not.toMatch(/@letsema\.test/);
    });
  });
});

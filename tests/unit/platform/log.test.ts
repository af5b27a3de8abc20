import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import {
  createLogger,
  type LogSettings,
  log,
  logFormatOf,
  logLevelOf,
  withLogFields,
} from '~/lib/server/platform/log';
import { prettyDestination } from '~/lib/server/platform/logPretty';
import { captureLogs, type LogLine } from '../support/logCapture';

// The log is read by an operator and shipped to wherever their logs go: it must say what happened
// in fields a machine can filter on, and never carry a password, token, card or bank number, or
// anyone's email address, however deep a caller put one.

function loggerWithLines(settings: Partial<LogSettings> = {}) {
  const lines: LogLine[] = [];
  const logger = createLogger(
    { level: 'debug', format: 'json', ...settings },
    { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}

describe('LOG_LEVEL', () => {
  it('takes pino level names in any case and with spaces around them', () => {
    expect(logLevelOf('debug')).toBe('debug');
    expect(logLevelOf(' WARN ')).toBe('warn');
    expect(logLevelOf('Trace')).toBe('trace');
    expect(logLevelOf('silent')).toBe('silent');
  });

  it('is info when unset or not a level', () => {
    expect(logLevelOf(undefined)).toBe('info');
    expect(logLevelOf('')).toBe('info');
    expect(logLevelOf('verbose')).toBe('info');
    expect(logLevelOf('30')).toBe('info');
  });

  it('drops the lines below it', () => {
    const { logger, lines } = loggerWithLines({ level: 'warn' });
    logger.info('started');
    logger.debug('details');
    logger.warn('careful');
    expect(lines.map((line) => line.msg)).toEqual(['careful']);
  });
});

describe('LOG_FORMAT', () => {
  it('is what it says when set', () => {
    expect(logFormatOf('json', 'development')).toBe('json');
    expect(logFormatOf('Pretty', 'production')).toBe('pretty');
  });

  it('is pretty for a developer and JSON for production and the test suites', () => {
    expect(logFormatOf(undefined, undefined)).toBe('pretty');
    expect(logFormatOf(undefined, 'development')).toBe('pretty');
    expect(logFormatOf('', 'production')).toBe('json');
    expect(logFormatOf('yaml', 'test')).toBe('json');
  });
});

describe('redaction', () => {
  it('censors secrets and contacts at any depth, in any case, and keeps the ids', () => {
    const { logger, lines } = loggerWithLines();
    logger.info(
      {
        donationId: 'd-1',
        password: 'hunter2-top',
        donor: { email: 'thandi@example.co.za', profile: { phoneNumber: '+27821234567', newPassword: 'x1' } },
        payments: [{ cardNumber: '4111111111111111', reference: 'LTS-1' }],
        payout: { bank: { bankAccountNumber: '62001234567', branchCode: '250655' } },
        headers: {
          Authorization: 'Bearer eyJhbGciOi.x.y',
          'Set-Cookie': 'session=abc',
          'user-agent': 'curl',
        },
        mail: { to: 'a@b.co', subject: 'Receipt' },
        refresh_token: 'r-123',
      },
      'Donation booked',
    );
    const [line] = lines;
    expect(line).toMatchObject({
      donationId: 'd-1',
      password: '[redacted]',
      donor: { email: '[redacted]', profile: { phoneNumber: '[redacted]', newPassword: '[redacted]' } },
      payments: [{ cardNumber: '[redacted]', reference: 'LTS-1' }],
      payout: { bank: { bankAccountNumber: '[redacted]', branchCode: '250655' } },
      headers: { Authorization: '[redacted]', 'Set-Cookie': '[redacted]', 'user-agent': 'curl' },
      mail: { to: '[redacted]', subject: 'Receipt' },
      refresh_token: '[redacted]',
    });
    for (const secret of [
      'hunter2-top',
      'thandi@',
      '27821234567',
      '4111111111111111',
      '62001234567',
      'eyJ',
      'r-123',
    ])
      expect(JSON.stringify(line)).not.toContain(secret);
  });

  it('censors a child logger’s bindings too, and leaves the caller’s object as it was', () => {
    const { logger, lines } = loggerWithLines();
    const fields = { user: { email: 'sipho@example.co.za', id: 'u-1' } };
    logger.child({ area: 'accounts', token: 'reset-abc' }).info(fields, 'Link sent');
    expect(lines[0]).toMatchObject({
      area: 'accounts',
      token: '[redacted]',
      user: { email: '[redacted]', id: 'u-1' },
    });
    expect(fields.user.email).toBe('sipho@example.co.za');
  });
});

describe('errors', () => {
  it('keep their class, code, stack and cause, without what their messages quote', () => {
    const { logger, lines } = loggerWithLines();
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        code: '23505',
        constraint: 'users_email_key',
        detail: 'Key (email)=(lindiwe@example.co.za) already exists.',
      },
    );
    const error = new Error(
      'Failed query: insert into "users" ("email", "phone") values ($1, $2)\nparams: lindiwe@example.co.za,0821234567',
      { cause },
    );
    error.name = 'DrizzleQueryError';
    logger.error({ err: error, userId: 'u-9' }, 'Registration failed');
    const [line] = lines;
    expect(line).toMatchObject({
      msg: 'Registration failed',
      userId: 'u-9',
      err: {
        type: 'DrizzleQueryError',
        message: 'Failed query: insert into "users" ("email", "phone") values ($1, $2)',
        cause: { type: 'Error', code: '23505', constraint: 'users_email_key' },
      },
    });
    const err = (line?.err ?? {}) as { message: string; stack: string; cause: Record<string, unknown> };
    expect(err.stack.split('\n')[0]).toBe(`DrizzleQueryError: ${err.message}`);
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err.cause).not.toHaveProperty('detail');
    expect(JSON.stringify(line)).not.toMatch(/lindiwe|0821234567|params/);
  });

  it('lose email addresses, tokens and card or account numbers quoted by a library', () => {
    const { logger, lines } = loggerWithLines();
    logger.warn(
      {
        err: new Error(
          '550 <nomsa@example.co.za> rejected; card 4111 1111 1111 1111; jwt eyJhbGciOiJ.eyJzdWIi.sig',
        ),
      },
      'Mail not sent',
    );
    const { message } = (lines[0]?.err ?? {}) as { message?: string };
    expect(message).toBe('550 <[email]> rejected; card [number]; jwt [token]');
  });

  it('logged without a message never lend theirs to the line', () => {
    const { logger, lines } = loggerWithLines();
    logger.error(new Error('Failed query: select\nparams: secret-value'));
    logger.error({ err: new Error('boom at a@b.co') });
    expect(lines.map((line) => line.msg)).toEqual(['Error', 'Error']);
    expect(JSON.stringify(lines)).not.toMatch(/secret-value|a@b\.co/);
  });
});

describe('the request id', () => {
  it('is on every line logged while the request runs, however deep, and on no other', async () => {
    const capture = captureLogs();
    try {
      await withLogFields({ requestId: 'req-7' }, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        log.child({ area: 'mail' }).warn({ receiptId: 'r-1' }, 'Receipt not mailed');
        log.info({ status: 200 }, 'request');
      });
      log.info('Between requests');
    } finally {
      capture.restore();
    }
    expect(capture.lines).toEqual([
      expect.objectContaining({ requestId: 'req-7', area: 'mail', receiptId: 'r-1' }),
      expect.objectContaining({ requestId: 'req-7', status: 200 }),
      expect.not.objectContaining({ requestId: expect.anything() }),
    ]);
    // One line's fields stay on that line.
    expect(capture.lines[1]).not.toHaveProperty('receiptId');
  });

  it('is carried by a logger made with its own context', () => {
    const lines: LogLine[] = [];
    const context = new AsyncLocalStorage<Record<string, unknown>>();
    const logger = createLogger(
      { level: 'info', format: 'json' },
      { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
      context,
    );
    context.run({ requestId: 'req-8' }, () => logger.info('inside'));
    expect(lines[0]).toMatchObject({ requestId: 'req-8', msg: 'inside' });
  });
});

describe('the development format', () => {
  it('shows a request as one short line and other lines with their fields', () => {
    const out: string[] = [];
    const logger = createLogger(
      { level: 'info', format: 'pretty' },
      prettyDestination((text) => out.push(text), false),
    );
    logger.info(
      {
        requestId: 'req-1',
        method: 'GET',
        route: '/campaign/[url]',
        status: 200,
        durationMs: 12.3,
        client: '127.0.0.1',
        served: 'cache',
      },
      'request',
    );
    logger.child({ area: 'jobs' }).info({ job: 'donationSummaries', sent: 2 }, 'Donation summaries sent');
    expect(out[0]).toMatch(/INFO: GET \/campaign\/\[url\] 200 12\.3 ms \(cache\)\n$/);
    expect(out[0]).not.toContain('req-1');
    expect(out[1]).toMatch(/INFO: \[jobs\] Donation summaries sent \{"job":"donationSummaries","sent":2\}/);
  });
});

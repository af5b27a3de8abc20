import { describe, expect, it } from 'vitest';
import { isConnectionLost, isUniqueViolation } from '~/lib/server/db/errors';

const pgError = (code: string, message = 'error') => Object.assign(new Error(message), { code });

describe('isConnectionLost', () => {
  it('knows PostgreSQL going away and the socket breaking, also wrapped by Drizzle', () => {
    for (const error of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Failed query: select 1', { cause: pgError('57P01') }),
    ])
      expect(isConnectionLost(error), String(error)).toBe(true);
  });

  it('leaves every other failure alone: those are the query’s, and asking again would not help', () => {
    for (const error of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('40P01', 'deadlock detected'),
      pgError('22P02', 'invalid input syntax for type uuid'),
      new Error('Connection to SMTP refused'),
      null,
      'Connection terminated',
    ])
      expect(isConnectionLost(error), String(error)).toBe(false);
    expect(isUniqueViolation(pgError('57P01'))).toBe(false);
  });
});

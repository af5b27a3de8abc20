import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { badRequest } from '~/lib/server/http/errors';
import { readJson } from '~/lib/server/http/json';
import { paginationOf } from '~/lib/server/http/paging';
import { intParam } from '~/lib/server/http/params';
import { parseInput } from '~/lib/server/http/parseInput';
import { errorResponse, ok } from '~/lib/server/http/responses';

const requestWith = (body: string) => ({ request: new Request('http://x/api', { method: 'POST', body }) });

describe('success envelope', () => {
  it('wraps data and an optional message', async () => {
    const res = ok({ id: 1 }, 'Campaign saved successfully.');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: 1 }, meta: { message: 'Campaign saved successfully.' } });
  });

  it('omits the message when there is none', async () => {
    expect(await ok([1, 2]).json()).toEqual({ data: [1, 2], meta: {} });
  });

  it('computes page counts for list metadata', () => {
    expect(paginationOf(11, 2, 5)).toEqual({ totalCount: 11, pageCount: 3, pageNo: 2, pageSize: 5 });
    expect(paginationOf(0, 1, 5).pageCount).toBe(0);
  });
});

describe('failure envelope', () => {
  it('lists every field message for a validation error', async () => {
    const res = errorResponse(
      badRequest('One or more validation errors have occured', {
        amount: ['The minimum amount is R 20'],
        email: ['Invalid email format.'],
      }),
      'req-1',
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      data: { amount: ['The minimum amount is R 20'], email: ['Invalid email format.'] },
      meta: { message: 'One or more validation errors have occured' },
      errors: [
        { code: 'validation_failed', field: 'amount', displayMessage: 'The minimum amount is R 20' },
        { code: 'validation_failed', field: 'email', displayMessage: 'Invalid email format.' },
      ],
    });
  });

  it('answers an unknown error with 500, the request id and no internals', async () => {
    const res = errorResponse(new Error('connection refused at 10.0.0.5:5432'), 'req-42');
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).toContain('req-42');
    expect(text).not.toContain('10.0.0.5');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(JSON.parse(text).meta.requestId).toBe('req-42');
  });
});

describe('readJson', () => {
  it('parses an object body', async () => {
    expect(await readJson(requestWith('{"a":1}'))).toEqual({ a: 1 });
  });

  it('treats an empty body as an empty object', async () => {
    expect(await readJson(requestWith(''))).toEqual({});
  });

  it.each(['{bad', '[1,2]', '"text"', 'null'])('refuses %s with a 400', async (body) => {
    await expect(readJson(requestWith(body))).rejects.toMatchObject({
      status: 400,
      message: 'The request body is not valid JSON.',
    });
  });
});

describe('intParam', () => {
  it('keeps positive integers, caps them, and falls back otherwise', () => {
    expect(intParam('3', 1)).toBe(3);
    expect(intParam('500', 5, 100)).toBe(100);
    expect(intParam('-1', 5)).toBe(5);
    expect(intParam('2.5', 5)).toBe(5);
    expect(intParam(null, 5)).toBe(5);
  });
});

describe('parseInput', () => {
  const schema = v.object({
    email: v.pipe(v.string('Email is required.'), v.email('Invalid email format.')),
    address: v.object({ city: v.pipe(v.string(), v.minLength(2, 'City is too short.')) }),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { email: 'a@b.co.za', address: { city: 'Durban' } })).toEqual({
      email: 'a@b.co.za',
      address: { city: 'Durban' },
    });
  });

  it('names each failing field by its dotted path, first message as the meta message', () => {
    expect(() => parseInput(schema, { email: 'nope', address: { city: 'D' } })).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'Invalid email format.',
        fieldErrors: { email: ['Invalid email format.'], 'address.city': ['City is too short.'] },
      }),
    );
  });
});

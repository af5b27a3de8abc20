import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { inputGuards } from '~/lib/server/http/middleware/inputGuards';

// Text PostgreSQL cannot store never reaches a route: in the path, the query or a decoded parameter.
async function answerTo(path: string, params: Record<string, string> = {}): Promise<Response | 'passed'> {
  const ctx = { url: new URL(`http://localhost${path}`), params, locals: { requestId: 'test' } };
  const answer = await inputGuards(ctx as unknown as APIContext, async () => new Response('ok'));
  return answer instanceof Response && (await answer.clone().text()) === 'ok'
    ? 'passed'
    : (answer as Response);
}

describe('input guards', () => {
  it('passes ordinary paths and parameters', async () => {
    expect(
      await answerTo('/api/v1/donations/list/campaign/langa-lions?pageNo=1', { identifier: 'langa-lions' }),
    ).toBe('passed');
  });

  it('refuses a NUL in the query or a parameter with 400', async () => {
    const inQuery = await answerTo('/api/v1/campaigns/search?q=a%00b');
    const inParam = await answerTo('/api/v1/donations/list/campaign/x', { identifier: 'a\0b' });
    for (const answer of [inQuery, inParam]) {
      expect(answer).not.toBe('passed');
      expect((answer as Response).status).toBe(400);
    }
  });

  it('refuses a parameter holding half of a UTF-16 pair with 400 and says why', async () => {
    const answer = (await answerTo('/api/v1/donations/list/campaign/x', {
      identifier: 'a\ud800',
    })) as Response;
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain(
      'The request contains text that is not valid Unicode.',
    );
  });

  it('answers pages in plain text', async () => {
    const answer = (await answerTo('/campaign/x', { url: '\udc00' })) as Response;
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('text/plain');
  });
});

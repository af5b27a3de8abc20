import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';

// The gate reads the environment when it loads: production turns the simulators off.
vi.stubEnv('APP_ENV', 'production');
const { sandboxGate } = await import('~/lib/server/http/middleware/sandboxGate');

const passed = new Response('simulator page');
const run = (path: string) =>
  sandboxGate({ url: new URL(`https://letsema.org.za${path}`) } as APIContext, async () => passed);

describe('the /sandbox gate in production', () => {
  it('answers 404 for every simulator path, so no fake payment can be made live', async () => {
    for (const path of ['/sandbox', '/sandbox/payfast/eng/process', '/sandbox/paypal/v1/oauth2/token']) {
      const response = (await run(path)) as Response;
      expect(response.status, path).toBe(404);
    }
  });

  it('lets every other path through', async () => {
    expect(await run('/sandboxes-of-the-karoo')).toBe(passed);
    expect(await run('/api/v1/payments/payfast/notify')).toBe(passed);
  });
});

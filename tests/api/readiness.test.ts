import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/http';

// Issue 28, item 3: readiness beside liveness, for load balancers and systemd.

describe('GET /api/v1/ready', () => {
  it('is 200 with the database answering and every migration applied, and never cached', async () => {
    const res = await fetch(`${baseUrl}/api/v1/ready`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      data: { status: 'ready', database: 'ok', migrations: 'ok' },
      meta: {},
    });
  });

  it('leaves /api/v1/health the liveness check it was', async () => {
    const res = await fetch(`${baseUrl}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('ok');
  });
});

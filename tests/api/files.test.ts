import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, expectSuccessEnvelope, page } from './support/http';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A new account, signed in: its id and access token (docs/api/accounts.md). */
async function signUp(): Promise<{ id: string; accessToken: string }> {
  const email = `files-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.za`;
  const password = 'a-long-unusual-passphrase-9';
  const registered = await api<{ id: string }>(
    '/api/v1/authentication/register/',
    json({ firstName: 'Palesa', lastName: 'Files', email, password }),
  );
  expect(registered.status, registered.text).toBe(201);
  const login = await api<{ accessToken: string }>(
    '/api/v1/authentication/login/',
    json({ email, password }),
  );
  expect(login.status, login.text).toBe(200);
  return { id: registered.body.data.id, accessToken: login.body.data.accessToken };
}

describe('GET /files/…', () => {
  it.each([
    ['an unknown image key', '/files/images/avatar/00000000-0000-4000-8000-000000000000/256.webp'],
    ['an unknown id', '/files/00000000-0000-4000-8000-000000000000'],
    ['an unknown document', '/files/documents/00000000-0000-4000-8000-000000000000.pdf'],
    ['a key that is no key at all', '/files/nothing-here'],
  ])('answers 404 for %s', async (_what, path) => {
    const res = await page(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves an uploaded picture as WebP for a year, and answers 304 to its ETag', async () => {
    const user = await signUp();
    const form = new FormData();
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f2a541' } })
      .jpeg()
      .toBuffer();
    form.set('image', new File([new Uint8Array(jpeg)], 'me.jpg', { type: 'image/jpeg' }));
    const uploaded = await api<{ image: { url: string } }>(`/api/v1/users/${user.id}/image`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${user.accessToken}` },
      body: form,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const url = uploaded.body.data.image.url;
    expect(url).toMatch(/^\/files\/images\/avatar\/[0-9a-f-]{36}\/256\.webp$/);

    const res = await page(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await page(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await page(url.replace('/256.webp', '/96.webp'))).status).toBe(200);
  });
});

describe('GET /dev/outbox.json', () => {
  it('answers the envelope with a list, filtered by recipient', async () => {
    const res = await api<unknown[]>('/dev/outbox.json?to=nobody-at-all@example.co.za');
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body).toEqual({ data: [], meta: {} });
  });
});

describe('/dev/outbox', () => {
  it('lists the outbox outside production, kept out of search engines', async () => {
    const res = await page('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  });

  it('answers 404 for an unknown message', async () => {
    expect((await page('/dev/outbox/0000000000000nothere')).status).toBe(404);
    expect((await page('/dev/outbox/0000000000000nothere.html')).status).toBe(404);
  });
});

// Cache coherence across processes: the owner renames a campaign through one process's own port,
// and the public campaign page and its API read through each other process, straight to its port
// (not through nginx), must show the new name. Both are kept in each process's page cache, dropped
// when PostgreSQL's NOTIFY page_cache reaches it (src/lib/server/cache/invalidation.ts), so the lag
// measured is that of the invalidation: each reader's copy is read twice first, so it is cached
// (x-page-cache: hit) when the change is made. Each reader is read again and again, 10 ms apart;
// the lag is when the first read that showed the change was sent (every earlier one showed the old
// name), so a slow answer under load does not count as staleness.

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET with a chosen Host header (the apps redirect a page asked for on another host than PUBLIC_URL's). */
function get(url, host, timeoutMs = 5000) {
  return new Promise((resolve) => {
    const req = request(url, { headers: { host }, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, cached: res.headers['x-page-cache'] === 'hit' }),
      );
      res.on('error', () => resolve({ status: 0, body: '', cached: false }));
    });
    req.on('error', () => resolve({ status: 0, body: '', cached: false }));
    req.end();
  });
}

/** PATCH /api/v1/campaigns/{id} with only the name (the campaign form is multipart). */
async function rename(baseUrl, id, token, name) {
  const form = new FormData();
  form.append('name', name);
  try {
    const response = await fetch(`${baseUrl}/api/v1/campaigns/${id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    await response.text();
    return response.status;
  } catch {
    return 0;
  }
}

/**
 * One probe: the `editor`-th process renames the campaign; every other process is read until both
 * its page and its API show the name.
 * @param {{ apps: Array<{ index: number, baseUrl: string }>, editor: number, host: string,
 *   campaign: { id: string, url: string, name: string }, token: () => string, serial: number, timeoutMs?: number }} options
 * @returns {Promise<{ editor: number, skipped?: string, reads?: Array<{ process: number, kind: string,
 *   lagMs: number | null, answeredMs: number | null, cachedBefore: boolean }> }>}
 *   lagMs: from the rename's answer to the sending of the first read that showed the new name (0: the
 *   first read already did); answeredMs: to that read's answer; null: not within timeoutMs
 */
export async function coherenceProbe({ apps, editor, host, campaign, token, serial, timeoutMs = 10_000 }) {
  const readers = apps.filter((app) => app.index !== editor);
  const targets = readers.flatMap((app) => [
    { process: app.index, kind: 'page', url: `${app.baseUrl}/campaign/${campaign.url}` },
    {
      process: app.index,
      kind: 'API',
      url: `${app.baseUrl}/api/v1/campaigns/short/${campaign.url}?idType=0`,
    },
  ]);
  // Fill each reader's cache, then check that it now answers from it.
  const cachedBefore = [];
  for (const target of targets) {
    await get(target.url, host);
    cachedBefore.push((await get(target.url, host)).cached);
  }
  const name = `${campaign.name} probe ${serial} ${randomBytes(3).toString('hex')}`;
  let status = 0;
  for (let attempt = 0; attempt < 5 && status !== 200; attempt++) {
    status = await rename(apps[editor].baseUrl, campaign.id, token(), name);
    if (status !== 200) await sleep(1000);
  }
  if (status !== 200) return { editor, skipped: `the rename answered ${status}` };
  const changedAt = performance.now();
  const reads = await Promise.all(
    targets.map(async (target, i) => {
      while (performance.now() - changedAt < timeoutMs) {
        const asked = performance.now();
        const answer = await get(target.url, host);
        if (answer.status === 200 && answer.body.includes(name))
          return {
            process: target.process,
            kind: target.kind,
            // When the first read that showed it was sent: every read sent earlier showed the old name.
            lagMs: asked - changedAt,
            answeredMs: performance.now() - changedAt,
            cachedBefore: cachedBefore[i],
          };
        await sleep(10);
      }
      return {
        process: target.process,
        kind: target.kind,
        lagMs: null,
        answeredMs: null,
        cachedBefore: cachedBefore[i],
      };
    }),
  );
  return { editor, reads };
}

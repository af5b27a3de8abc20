import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { EventLookup } from '~/lib/contracts/lookups';
import { donated, donationBody } from './support/donations';
import { api, baseUrl } from './support/http';

/**
 * The Nu HTML Checker (vnu-jar, the W3C's validator) over the pages a visitor meets first: 0 errors.
 * It needs Java; CI installs it (.ci/run), so there a missing Java fails this test instead of skipping it.
 * PGlite only: the markup comes from the same templates whichever database holds the rows, so a second
 * run on PostgreSQL would check the same HTML again (and start another JVM).
 */
const CI = process.env.CI === 'true' || process.env.CI === '1';
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const javaFound = spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

/** What to check: a name for the report and the path; `status` when the page is not a 200. */
const PAGES: { name: string; path: string; status?: number }[] = [
  { name: 'home', path: '/home' },
  { name: 'campaign', path: '/campaign/siyakhula-saturday-school' },
  { name: 'campaign-with-updates', path: '/campaign/help-lwazi-walk-again' },
  { name: 'organisation', path: '/organization/siyakhula-education-trust' },
  { name: 'donation', path: '/donation/siyakhula-saturday-school' },
  { name: 'find-campaign', path: '/find-campaign' },
  { name: 'find-organisation', path: '/find-campaign?tab=organisations' },
  { name: 'fees', path: '/home/links?tab=about&about_tab=first' },
  { name: 'login', path: '/auth/login' },
  { name: 'signup', path: '/auth/signup' },
  { name: 'profile', path: '/profile' },
  { name: 'not-found', path: '/campaign/no-such-campaign-anywhere', status: 404 },
];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** One JVM over all the files (a start costs seconds): the checker's JSON report, which it writes to stderr. */
function checkFiles(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 32 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(
            new Error(`vnu gave no JSON report (${error?.message ?? 'no error'}): ${stderr.slice(0, 500)}`),
          );
        }
      },
    );
  });
}

async function pageHtml(path: string, status: number): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, `GET ${path}`).toBe(status);
  expect(res.headers.get('content-type'), `GET ${path}`).toMatch(/^text\/html/);
  return res.text();
}

describe.runIf(inject('databaseUrl') === 'memory://' && (javaFound || CI))(
  'valid HTML (the Nu HTML Checker)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'letsema-vnu-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds no error on the home, campaign, organisation, donation, search, information, sign-in, profile, thanks, event and 404 pages', async () => {
      expect(javaFound, 'Java is needed to run vnu.jar: install default-jre-headless (.ci/run does)').toBe(
        true,
      );
      const thanks = await donated(donationBody());
      const event = (await api<EventLookup[]>('/api/v1/events/')).body.data[0];
      expect(event, 'the demo data has an event').toBeDefined();
      const pages = [
        ...PAGES,
        { name: 'thanks', path: `/thanks?donation=${encodeURIComponent(thanks.jwtTokenStringDonationId)}` },
        { name: 'event', path: `/event/${event?.slug}` },
      ];
      const files = await Promise.all(
        pages.map(async ({ name, path, status = 200 }) => {
          const file = join(dir, `${name}.html`);
          writeFileSync(file, await pageHtml(path, status));
          return file;
        }),
      );

      const messages = await checkFiles(files);
      const pathOf = new Map(pages.map((p) => [`${p.name}.html`, p.path]));
      const errors = messages
        .filter((msg) => msg.type !== 'info')
        .map((msg) => {
          const file = msg.url ? basename(msg.url) : '(no file)';
          return `${pathOf.get(file) ?? file}, line ${msg.lastLine ?? '?'}: ${msg.message}${msg.extract ? `\n    ${msg.extract.trim()}` : ''}`;
        });
      expect(errors, `vnu found errors:\n${errors.join('\n')}`).toEqual([]);
    }, 180_000);
  },
);

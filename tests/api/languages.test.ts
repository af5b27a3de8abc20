import { describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { demoToken, launchedCampaign, patchCampaign, publicDetail } from './support/campaigns';
import { baseUrl } from './support/http';

// Issue 27: the site in isiZulu, isiXhosa, Afrikaans and Sesotho under /zu /xh /af /st, English at
// today's addresses. One address is one page for everyone, so each language's page is cached.

const LANGUAGES = [
  { prefix: '/zu', lang: 'zu' },
  { prefix: '/xh', lang: 'xh' },
  { prefix: '/af', lang: 'af' },
  { prefix: '/st', lang: 'st' },
] as const;

const PAGES = [
  '/home',
  '/campaign/siyakhula-saturday-school',
  '/organization/siyakhula-education-trust',
  '/donation/siyakhula-saturday-school',
  '/event/mandela-day-2027',
] as const;

async function page(path: string, init: RequestInit = {}): Promise<{ res: Response; html: string }> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });
  return { res, html: await res.text() };
}

/** Asks for a page until the page cache answers it (it is stored once the first answer is sent). */
async function cachedAnswer(path: string): Promise<string> {
  return eventually(
    async () => {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-cache'), `${path} from the page cache`).toBe('hit');
      return html;
    },
    { tries: 40, interval: 50 },
  );
}

describe('pages in every language', () => {
  describe.each(LANGUAGES)('$lang', ({ prefix, lang }) => {
    it.each(PAGES)(
      `${prefix}%s answers 200 in the right language, then from the page cache`,
      async (path) => {
        const { res, html } = await page(`${prefix}${path}`);
        expect(res.status, html.slice(0, 300)).toBe(200);
        expect(html).toMatch(new RegExp(`<html lang="${lang}"`));
        expect(html).toContain(`<link rel="canonical" href="${baseUrl}${prefix}${path}"`);
        const again = await cachedAnswer(`${prefix}${path}`);
        expect(again).toMatch(new RegExp(`<html lang="${lang}"`));
      },
    );
  });

  it('names every language version in the head (hreflang), with English as the default', async () => {
    const path = '/campaign/siyakhula-saturday-school';
    const { html } = await page(`/af${path}`);
    for (const [hreflang, prefix] of [
      ['en-ZA', ''],
      ['zu', '/zu'],
      ['xh', '/xh'],
      ['af', '/af'],
      ['st', '/st'],
      ['x-default', ''],
    ])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${hreflang}" href="${baseUrl}${prefix}${path}">`,
      );
  });

  it('offers the same page in each language in the footer, without JavaScript', async () => {
    const { html } = await page('/zu/organization/siyakhula-education-trust');
    const switcher = /<nav[^>]*data-language-switcher[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    for (const [name, prefix] of [
      ['English', ''],
      ['isiZulu', '/zu'],
      ['isiXhosa', '/xh'],
      ['Afrikaans', '/af'],
      ['Sesotho', '/st'],
    ])
      expect(switcher).toMatch(
        new RegExp(`href="${prefix}/organization/siyakhula-education-trust"[^>]*>(<strong>)?${name}<`),
      );
  });

  it('keeps English at today’s addresses, as English', async () => {
    const { res, html } = await page('/campaign/siyakhula-saturday-school');
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="en-ZA"');
    expect(html).toContain('About this campaign');
  });

  it('keeps a campaign’s story in its own words, marked with its language', async () => {
    const { html } = await page('/zu/campaign/siyakhula-saturday-school');
    expect(html).toMatch(/<div class="[^"]*" lang="en"[^>]*data-user-content/);
  });

  it('sends a page that is English only to its English address, query kept', async () => {
    for (const [asked, english] of [
      ['/zu/campaign/start?new', '/campaign/start?new'],
      ['/af/admin', '/admin'],
      ['/st/payout/anything', '/payout/anything'],
    ] as const) {
      const { res } = await page(asked);
      expect(res.status, asked).toBe(302);
      expect(
        new URL(res.headers.get('location') ?? '', baseUrl).pathname +
          new URL(res.headers.get('location') ?? '', baseUrl).search,
      ).toBe(english);
    }
  });

  it('keeps a redirect in the language it was asked in', async () => {
    const root = await page('/xh');
    expect(root.res.status).toBe(302);
    expect(new URL(root.res.headers.get('location') ?? '', baseUrl).pathname).toBe('/xh/home');
    const missing = await page('/zu/campaign/no-such-campaign-anywhere');
    expect(missing.res.status).toBe(302);
    expect(new URL(missing.res.headers.get('location') ?? '', baseUrl).pathname).toBe('/zu/misc/404');
  });

  it('does not turn an unknown two-letter prefix into a language', async () => {
    const { res } = await page('/fr/home');
    expect(res.headers.get('content-language')).toBeNull();
    expect(res.status).not.toBe(200);
  });
});

describe('a campaign story’s own language', () => {
  it('is declared by its owner, kept, and marks the story on every language’s page', async () => {
    const owner = await demoToken('sipho');
    const campaign = await launchedCampaign(owner);
    expect((await publicDetail(campaign.url)).body.data.language).toBe('en');

    const declared = await patchCampaign(owner, campaign.id, { language: 'zu' });
    expect(declared.status, declared.text).toBe(200);
    expect((await publicDetail(campaign.url)).body.data.language).toBe('zu');
    for (const prefix of ['', '/af']) {
      const { html } = await page(`${prefix}/campaign/${campaign.url}`);
      expect(html).toMatch(/<div class="[^"]*" lang="zu"[^>]*data-user-content/);
    }

    const refused = await patchCampaign(owner, campaign.id, { language: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Choose the language your story is written in.');
    expect((await publicDetail(campaign.url)).body.data.language).toBe('zu');
  });
});

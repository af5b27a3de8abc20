import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '~/lib/money';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { verifyAndLogin } from './support/accounts';
import { launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { baseUrl, getCachedPage } from './support/http';

// The donate widget (/embed/campaign/{url}) is the one answer other sites may frame; every other
// answer (pages, the API, static files, cached copies, errors) keeps refusing to be framed.

const lwazi = DEMO_CAMPAIGNS.find((c) => c.url === 'help-lwazi-walk-again');
const draft = DEMO_CAMPAIGNS.find((c) => !c.published);
if (!lwazi || !draft) throw new Error('The demo campaigns changed');

async function get(path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { redirect: 'manual' });
}

const frameAncestorsOf = (res: Response): string | undefined =>
  (res.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('the donate widget', () => {
  // A campaign of this file's own: the demo ones take donations from other files meanwhile,
  // which would drop the widget from the page cache between two requests here.
  let campaign: SavedCampaign;
  let widgetPath: string;
  let res: Response;
  let html: string;

  beforeAll(async () => {
    const owner = await verifyAndLogin();
    campaign = await launchedCampaign(owner.accessToken, { name: 'Widget test: Sipho & Ayanda’s "walk"' });
    widgetPath = `/embed/campaign/${campaign.url}`;
    res = await get(widgetPath);
    html = await res.text();
  });

  it('may be framed by any site', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(frameAncestorsOf(res)).toBe('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('stays frameable when served again from the page cache', async () => {
    const again = await getCachedPage(widgetPath);
    expect(frameAncestorsOf(again.res)).toBe('frame-ancestors *');
    expect(again.res.headers.get('x-frame-options')).toBeNull();
    expect(again.body).toBe(html);
  });

  it('is a tiny page with no script: image, name, total, progress and a Donate link to a new tab', async () => {
    const detail = await publicDetail(campaign.url);
    const { totalRaised, donationTarget } = detail.body.data;
    expect(totalRaised).toBe(0);
    expect(new TextEncoder().encode(html).length).toBeLessThan(6_000);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link[^>]+stylesheet/i);
    expect(html).toContain(
      `<h1><a href="/campaign/${campaign.url}?ref=widget" target="_blank" rel="noopener">` +
        'Widget test: Sipho &amp; Ayanda’s &quot;walk&quot;</a></h1>',
    );
    expect(html).toContain(
      `<strong>${formatMoney(totalRaised, 1)}</strong> raised of ${formatMoney(donationTarget, 1)}`,
    );
    expect(html).toMatch(/<img src="\/files\/images\/campaign\/[^"]+" alt="[^"]+"/);
    expect(html).toMatch(/<progress max="[\d.]+" value="[\d.]+"/);
    expect(html).toContain(
      `<a class="d" href="/donation/${campaign.url}?ref=widget" target="_blank" rel="noopener">Donate</a>`,
    );
  });

  it('allows its own style by hash, and nothing to run', () => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src/);
    expect(csp).not.toMatch(/unsafe-inline/);
  });

  it('is not found for a draft', async () => {
    expect((await get(`/embed/campaign/${draft.url}`)).status).toBe(404);
  });
});

describe('every other answer refuses to be framed', () => {
  const staticFile = '/favicon.svg';
  it.each([
    '/home',
    `/campaign/${lwazi.url}`,
    '/find-campaign',
    '/home/links?tab=privacy',
    '/auth/login',
    '/thanks',
    `/campaign/${lwazi.url}/qr.svg`,
    `/campaign/${lwazi.url}/poster.pdf`,
    '/sitemap.xml',
    '/robots.txt',
    '/api/v1/banner',
    '/api/v1/campaigns/categories',
    '/api/v1/campaigns/no-such-id',
    staticFile,
    '/no/such/page',
    '/',
    `/embed/campaign/${lwazi.url}/more`,
    `/embed/${lwazi.url}`,
  ])('%s, first and again (cached where it may be)', async (path) => {
    for (let round = 0; round < 2; round++) {
      const res = await get(path);
      await res.arrayBuffer();
      expect(res.headers.get('x-frame-options'), `${path} round ${round}`).toBe('DENY');
      expect(frameAncestorsOf(res), `${path} round ${round}`).toBe("frame-ancestors 'none'");
    }
  });

  it('the sample includes answers from the page cache and static files', async () => {
    const robots = await getCachedPage('/robots.txt');
    expect(robots.res.headers.get('x-frame-options')).toBe('DENY');
    const favicon = await get(staticFile);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('x-frame-options')).toBe('DENY');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus, Visibility } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { DEMO_ORGANISATIONS, DEMO_USERS } from '~/lib/server/db/seed/demo-users';
import { launchedCampaign, readyCampaign, uniqueWord } from './support/campaigns';
import { baseUrl, page } from './support/http';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// The public organisation page /organization/{url}, over HTTP without a browser: what a visitor
// with JavaScript off (or a link preview) receives.

const SIYAKHULA = DEMO_ORGANISATIONS[0];
const PIETER = DEMO_USERS.find((u) => u.key === 'pieter');

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The text a reader sees: tags dropped, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function h1Of(html: string): string {
  return textOf(html.match(/<h1\b[^>]*>([\s\S]*?)<\/h1>/i)?.[1] ?? '');
}

function metaContent(html: string, property: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]+(?:property|name)="${property}"[^>]*>`, 'i'))?.[0];
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? null : decodeEntities(content);
}

/** Every link's address, entities decoded. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => decodeEntities(m[1] ?? ''));
}

/** The campaign addresses of the highlight cards on the page, each once. */
function campaignLinks(html: string): string[] {
  return [...new Set(hrefsOf(html).filter((href) => href.startsWith('/campaign/')))];
}

const publicSiyakhulaCampaigns = DEMO_CAMPAIGNS.filter(
  (c) =>
    c.organisation === 'siyakhula' &&
    c.published &&
    c.status !== CampaignStatus.Hidden &&
    (!('visibility' in c) || c.visibility !== Visibility.Private),
);

function expectNotFoundRedirect(res: { status: number; headers: Headers }): void {
  expect(res.status).toBe(302);
  expect(new URL(res.headers.get('location') ?? '', baseUrl).pathname).toBe('/misc/404');
}

describe('/organization/{url} of a verified organisation', () => {
  let html: string;
  let text: string;

  beforeAll(async () => {
    const res = await page(`/organization/${SIYAKHULA.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    html = res.html;
    text = textOf(html);
  });

  it('names it, with its badge, type, sectors, address and description', () => {
    expect(h1Of(html)).toBe(SIYAKHULA.legalName);
    expect(text).toContain('Verified');
    expect(text).not.toContain('Not verified yet');
    expect(text).toContain('Soweto');
    expect(text).toContain(SIYAKHULA.briefDescription.slice(0, 60));
    expect(html).toMatch(/<img\b[^>]*alt="Siyakhula Education Trust logo"/);
  });

  it('shows what its campaigns raised online and offline, in rand', () => {
    expect(text).toMatch(/Raised online R [\d ]+\.\d\d/);
    expect(text).toMatch(/Raised offline R 65 000\.00/);
    expect(text).toMatch(/R [\d ]+\.\d\d raised/);
  });

  it('lists its public campaigns as highlight cards linking to their pages', () => {
    expect(publicSiyakhulaCampaigns.length).toBeGreaterThan(1);
    const links = campaignLinks(html);
    for (const campaign of publicSiyakhulaCampaigns) {
      expect(text).toContain(campaign.name);
      expect(links).toContain(`/campaign/${campaign.url}`);
    }
    expect(text).toMatch(/Progress \d+\.\d\d ?%/);
  });

  it('lists its champion without their email', () => {
    expect(text).toContain('Pieter van der Merwe');
    expect(text).toMatch(/2 campaigns for Siyakhula Education Trust/);
    expect(html).not.toContain(PIETER?.email ?? 'pieter');
  });

  it('links its website for visitors without passing on rank', () => {
    const website = html.match(/<a\b[^>]*href="https:\/\/siyakhula\.example\.org\/?"[^>]*>/)?.[0] ?? '';
    expect(website).toContain('rel="noopener nofollow ugc"');
  });

  it('links nowhere that does not exist: no payouts page, every own link answers', async () => {
    const own = [...new Set(hrefsOf(html).filter((href) => href.startsWith('/') && !href.startsWith('//')))];
    expect(own.some((href) => href.startsWith('/payout'))).toBe(false);
    for (const href of own.filter((h) => h.startsWith('/campaign/') || h.startsWith('/organization/'))) {
      const res = await page(href.split('#')[0] ?? href);
      expect(res.status, href).toBe(200);
    }
  });

  it('offers its own address to copy, named as the organisation’s link, not a campaign’s', () => {
    const box = html.match(/<section aria-labelledby="share-title"[\s\S]*?<\/section>/)?.[0] ?? '';
    expect(textOf(box)).toContain('Share this organisation');
    expect(box).toMatch(/<label for="share-link"[^>]*>Organisation link<\/label>/);
    expect(box).not.toContain('Campaign link');
    expect(box).toMatch(new RegExp(`id="share-link"[^>]*value="[^"]*/organization/${SIYAKHULA.url}"`));
  });

  it('gives link previews its name, a description excerpt and its one address', () => {
    expect(metaContent(html, 'og:title')).toBe(SIYAKHULA.legalName);
    expect(metaContent(html, 'og:description')?.startsWith(SIYAKHULA.briefDescription.slice(0, 40))).toBe(
      true,
    );
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? '';
    expect(new URL(canonical).pathname).toBe(`/organization/${SIYAKHULA.url}`);
    expect(html).toContain('https://www.facebook.com/sharer/sharer.php?u=');
  });

  it('needs no inline style attributes (strict CSP)', () => {
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe("an organisation page's Donate and registration numbers", () => {
  const KAROO = DEMO_ORGANISATIONS.find((o) => o.key === 'karoo');

  it('gives a donor a Donate of its own, to its campaigns to choose from when it runs several', async () => {
    const { html } = await page(`/organization/${SIYAKHULA.url}`);
    const donate = html.match(/<a\b[^>]*data-testid="organisation-donate"[^>]*>/)?.[0] ?? '';
    expect(donate).toContain('href="#campaigns"');
    expect(html).toContain('id="campaigns"');
    expect(textOf(html)).toContain('Every gift goes to one of its campaigns: choose one below.');
  });

  it('sends the Donate of an organisation with one open campaign of its own straight to its donation page', async () => {
    const { html } = await page(`/organization/${KAROO?.url}`);
    const target = html.match(/<a\b[^>]*href="([^"]*)"[^>]*data-testid="organisation-donate"/)?.[1] ?? '';
    const own = DEMO_CAMPAIGNS.filter((c) => c.organisation === 'karoo').map((c) => `/donation/${c.url}`);
    expect(own).toContain(target);
    expect((await page(target)).status).toBe(200);
  });

  it('shows the NPO and PBO numbers the organisation has, and only those', async () => {
    const siyakhula = textOf((await page(`/organization/${SIYAKHULA.url}`)).html);
    expect(siyakhula).toContain('NPO number: 184-227 NPO');
    expect(siyakhula).toContain('PBO number: 930041587');
    const karoo = textOf((await page(`/organization/${KAROO?.url}`)).html);
    expect(karoo).toContain('NPO number: 231-905 NPO');
    expect(karoo).not.toContain('PBO number');
  });
});

describe('the organisation link of a campaign page', () => {
  it('leads to the organisation’s public page', async () => {
    const campaign = publicSiyakhulaCampaigns[0];
    const { html } = await page(`/campaign/${campaign?.url}`);
    // The navbar's account menu (hidden until signed in) links to /organization/register too.
    const href = hrefsOf(html).find((h) => h.startsWith('/organization/') && h !== '/organization/register');
    expect(href).toBe(`/organization/${SIYAKHULA.url}`);
    const res = await page(href ?? '');
    expect(res.status).toBe(200);
    expect(h1Of(res.html)).toBe(SIYAKHULA.legalName);
  });
});

describe('/organization/{url} of an unverified organisation without champions', () => {
  it('says it is not verified yet and has no champions', async () => {
    const fresh = await registerOrganisation(`Newly Registered Trust ${uniqueWord('zfresh')}`);
    const res = await page(`/organization/${fresh.url}`);
    expect(res.status).toBe(200);
    const text = textOf(res.html);
    expect(h1Of(res.html)).toBe(fresh.legalName);
    expect(text).toContain('Not verified yet');
    expect(text).toContain('No champions yet.');
  });
});

describe('an organisation with more than 12 campaigns', () => {
  let org: RegisteredOrganisation;
  const word = uniqueWord('zpage');

  beforeAll(async () => {
    org = await registerOrganisation(`Many Campaigns Trust ${word}`);
    for (let n = 1; n <= 13; n += 1) {
      await launchedCampaign(org.owner.accessToken, {
        organisation: org.id,
        name: `Soup kitchen week ${n} ${word}`,
      });
    }
    // A draft is not listed.
    await readyCampaign(org.owner.accessToken, { organisation: org.id, name: `Draft plan ${word}` });
  }, 120_000);

  it('shows 12, with a Load more link (no JavaScript needed) to the page with the 13th', async () => {
    const first = await page(`/organization/${org.url}`);
    expect(first.status).toBe(200);
    expect(campaignLinks(first.html)).toHaveLength(12);
    expect(textOf(first.html)).toContain('Campaigns (13)');
    expect(textOf(first.html)).not.toContain('Draft plan');
    const more = first.html.match(/<a\b[^>]*href="([^"]*)"[^>]*>\s*Load more campaigns\s*<\/a>/)?.[1];
    expect(more).toBeDefined();
    const next = new URL(decodeEntities(more ?? ''), baseUrl);
    expect(next.pathname).toBe(`/organization/${org.url}`);
    expect(next.searchParams.get('page')).toBe('2');

    const second = await page(`${next.pathname}${next.search}`);
    expect(second.status).toBe(200);
    const links = campaignLinks(second.html);
    expect(links).toHaveLength(13);
    expect(links.slice(0, 12)).toEqual(campaignLinks(first.html));
    expect(second.html).not.toMatch(/>\s*Load more campaigns\s*</);
  });

  it('reads a page number out of range as the pages there are', async () => {
    const res = await page(`/organization/${org.url}?page=abc`);
    expect(campaignLinks(res.html)).toHaveLength(12);
    const many = await page(`/organization/${org.url}?page=99`);
    expect(many.status).toBe(200);
    expect(campaignLinks(many.html)).toHaveLength(13);
  });
});

describe('an address that is no organisation', () => {
  it.each([
    '/organization/no-such-organisation-zq',
    '/organization/%3Cscript%3E',
    `/organization/${'a'.repeat(200)}`,
  ])('%s goes to /misc/404', async (path) => {
    expectNotFoundRedirect(await page(path));
  });
});

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { eventually } from '../support/eventually';
import {
  demoToken,
  launchedCampaign,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { donated, donationBody, donorEmail, pollDonation } from './support/donations';
import { baseUrl, page } from './support/http';
import { payAtSimulator } from './support/payfast';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// Share cards (/share/campaign/{url}.png, /share/organization/{url}.png) and what the pages tell
// link previews and search engines: Open Graph, Twitter and schema.org JSON-LD.

/** A name that would break out of a <script> element or an attribute if it were not kept as data. */
const HOSTILE = `</script><script>alert(1)</script> "Lwazi" & <b>friends</b>`;

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A meta tag's content (attribute values may hold a raw `>`: it is text there). */
function metaContent(html: string, property: string): string | null {
  const content = html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
  return content === undefined ? null : decodeEntities(content);
}

/** The page's markup with every attribute value emptied: what is left is elements, not data. */
function markupOf(html: string): string {
  return html.replace(/="[^"]*"/g, '=""');
}

/** Every JSON-LD block of the page, parsed. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

async function card(path: string): Promise<{
  status: number;
  type: string | null;
  etag: string | null;
  fingerprint: string | null;
  bytes: Buffer;
}> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    fingerprint: response.headers.get('x-share-card'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The og:image of a page, as a path with its `?v=` fingerprint. */
async function ogImageOf(path: string): Promise<{ path: string; fingerprint: string }> {
  const { status, html } = await page(path);
  expect(status).toBe(200);
  const image = new URL(metaContent(html, 'og:image') ?? '');
  return { path: image.pathname + image.search, fingerprint: image.searchParams.get('v') ?? '' };
}

let token: string;
let campaign: SavedCampaign;
let name: string;

beforeAll(async () => {
  token = await demoToken('lindiwe');
  name = `${HOSTILE} ${uniqueWord()}`;
  campaign = await launchedCampaign(token, { name, donationTarget: 10000 });
});

describe('a campaign share card', () => {
  it('is a 1200×630 PNG named by the page, and a new one once a donation is booked', async () => {
    const before = await ogImageOf(`/campaign/${campaign.url}`);
    expect(before.path).toBe(`/share/campaign/${campaign.url}.png?v=${before.fingerprint}`);
    const first = await card(before.path);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/png');
    expect(first.fingerprint).toBe(before.fingerprint);
    expect(await sharp(first.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });

    const donation = await donated(
      donationBody({
        campaignUrl: campaign.url,
        paymentMethod: PaymentGateway.PayFast,
        amount: 2500,
        tipOrAdminFeeAmount: 0,
        email: donorEmail('share'),
      }),
      token,
    );
    await payAtSimulator(donation);
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);

    // The booking drops the cached page and card as soon as the database says so.
    const after = await eventually(async () => {
      const shown = await ogImageOf(`/campaign/${campaign.url}`);
      expect(shown.fingerprint).not.toBe(before.fingerprint);
      return shown;
    });
    const second = await card(after.path);
    expect(second.status).toBe(200);
    expect(second.fingerprint).toBe(after.fingerprint);
    expect(second.etag).not.toBe(first.etag);
    expect(second.bytes.equals(first.bytes)).toBe(false);
  });

  it('is answered the same from storage and from the page cache', async () => {
    const { path } = await ogImageOf(`/campaign/${campaign.url}`);
    const [a, b] = [await card(path), await card(path.replace(/\?v=.*$/, ''))];
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.bytes.equals(a.bytes)).toBe(true);
  });

  it('is 404 for a draft and for a campaign that does not exist', async () => {
    const draft = await readyCampaign(token);
    expect((await card(`/share/campaign/${draft.url}.png`)).status).toBe(404);
    expect((await card(`/share/campaign/${uniqueWord('nope')}.png`)).status).toBe(404);
  });
});

describe('a campaign page tells previews and search engines', () => {
  it('its title, description, canonical address and the card, in Open Graph and Twitter tags', async () => {
    const { html } = await page(`/champion/project/${campaign.url}`);
    const canonical = new URL(html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? '');
    expect(canonical.pathname).toBe(`/campaign/${campaign.url}`);
    expect(metaContent(html, 'og:title')).toBe(name);
    expect(metaContent(html, 'twitter:title')).toBe(name);
    expect(metaContent(html, 'og:description')).toContain('Mthatha');
    expect(metaContent(html, 'og:url')).toBe(canonical.href);
    const image = metaContent(html, 'og:image') ?? '';
    expect(new URL(image).pathname).toBe(`/share/campaign/${campaign.url}.png`);
    expect(metaContent(html, 'twitter:image')).toBe(image);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'og:image:alt')).toMatch(
      new RegExp(
        `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: R [\\d ]+\\.\\d\\d raised of R 10 000\\.00 target$`,
      ),
    );
  });

  it('a DonateAction in JSON-LD, with the hostile name kept as data', async () => {
    const { html } = await page(`/campaign/${campaign.url}`);
    expect(markupOf(html)).not.toContain('<script>alert(1)');
    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(1);
    const action = blocks[0] ?? {};
    expect(action).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DonateAction',
      name: `Donate to ${name}`,
      url: `${new URL(metaContent(html, 'og:url') ?? '').href}`,
      recipient: { '@type': 'Person', name: 'Lindiwe Sithole' },
      priceCurrency: 'ZAR',
      result: { '@type': 'MonetaryAmount', currency: 'ZAR', maxValue: 10000 },
    });
    expect(new URL((action.target as { urlTemplate: string }).urlTemplate).pathname).toBe(
      `/donation/${campaign.url}`,
    );
  });
});

describe('an organisation', () => {
  let org: RegisteredOrganisation;
  beforeAll(async () => {
    org = await registerOrganisation(`Qonce ${HOSTILE} Trust ${uniqueWord()}`, {
      socials: [{ platform: 'facebook', url: 'https://www.facebook.com/qonce-soup-kitchen' }],
    });
  });

  it('has a card, named by its page with an NGO in JSON-LD', async () => {
    const { html } = await page(`/organization/${org.url}`);
    expect(markupOf(html)).not.toContain('<script>alert(1)');
    const image = new URL(metaContent(html, 'og:image') ?? '');
    expect(image.pathname).toBe(`/share/organization/${org.url}.png`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    const answer = await card(image.pathname + image.search);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('image/png');
    expect(answer.fingerprint).toBe(image.searchParams.get('v'));
    expect(await sharp(answer.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });

    const [ngo] = jsonLdOf(html);
    expect(ngo).toMatchObject({
      '@type': 'NGO',
      name: org.legalName,
      description: 'We run a soup kitchen and an after-school club in Qonce, every weekday.',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '3 Main Road',
        addressLocality: 'Qonce',
        addressRegion: 'Eastern Cape',
      },
    });
    expect(new URL(String(ngo?.url)).pathname).toBe(`/organization/${org.url}`);
    expect(ngo?.sameAs).toEqual(['https://www.facebook.com/qonce-soup-kitchen']);
  });

  it('is 404 when there is no such organisation', async () => {
    expect((await card(`/share/organization/${uniqueWord('nope')}.png`)).status).toBe(404);
  });
});

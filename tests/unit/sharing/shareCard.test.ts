import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BarometerDisplay } from '~/lib/enums';
import { demoPictureSvg } from '~/lib/server/db/seed/demo-images';
import {
  type CampaignCardSource,
  campaignCardContent,
  cardFingerprint,
  organisationCardContent,
  shareImageMeta,
  storedImageKey,
} from '~/lib/server/sharing/cardContent';
import { cardOverlaySvg } from '~/lib/server/sharing/cardSvg';
import { escapeXml, textWidth, wrapText } from '~/lib/server/sharing/cardText';
import { renderShareCard } from '~/lib/server/sharing/renderCard';
import { jsonLdText } from '~/lib/server/sharing/structuredData';

const IMAGE = '/files/images/campaign/0b6e4f00-0000-4000-8000-000000000001/960.webp';

function campaign(overrides: Partial<CampaignCardSource> = {}): CampaignCardSource {
  return {
    name: 'Help Lwazi walk again',
    images: [{ url: IMAGE }],
    donationsReceivedTotal: 1000.5,
    offlineDonations: 249.5,
    donationTarget: 5000,
    uniqueDonors: 3,
    campaignSetting: { currency: { symbol: 'R' }, showBarometer: BarometerDisplay.ShowAmountRand },
    ...overrides,
  };
}

describe('what a campaign card shows', () => {
  it('its first image, name, raised total as the pages print it, target and progress', () => {
    expect(campaignCardContent(campaign())).toEqual({
      title: 'Help Lwazi walk again',
      amount: 'R 1 250.00',
      caption: 'raised of R 5 000.00 target',
      progress: 0.25,
      image: { key: 'images/campaign/0b6e4f00-0000-4000-8000-000000000001/960.webp', fit: 'cover' },
    });
  });
  it('no progress bar when the barometer is hidden or there is no target; donors when it shows donors', () => {
    const hidden = { currency: { symbol: 'R' }, showBarometer: BarometerDisplay.Hide };
    expect(campaignCardContent(campaign({ campaignSetting: hidden })).progress).toBeNull();
    expect(campaignCardContent(campaign({ donationTarget: 0 }))).toMatchObject({
      progress: null,
      caption: 'raised',
    });
    const donors = { currency: { symbol: '$' }, showBarometer: BarometerDisplay.ShowDonors };
    expect(campaignCardContent(campaign({ campaignSetting: donors }))).toMatchObject({
      amount: '$ 1 250.00',
      caption: 'raised from 3 donors',
      progress: null,
    });
  });
  it('draws only images the files service stored and the demo pictures, never another SVG or site', () => {
    expect(storedImageKey('https://evil.example/x.webp')).toBeNull();
    expect(storedImageKey('/files/images/campaign/../../secret/960.webp')).toBeNull();
    expect(storedImageKey('/files/documents/0b6e4f00-0000-4000-8000-000000000001/logo.svg')).toBeNull();
    expect(storedImageKey('/demo/not-one-of-ours.svg')).toBeNull();
    expect(storedImageKey('/demo/../karoo-borehole.svg')).toBeNull();
    expect(campaignCardContent(campaign({ images: ['/demo/karoo-borehole.svg'] })).image).toEqual({
      key: 'demo/karoo-borehole.svg',
      fit: 'cover',
    });
  });
  it("an organisation's card fits its logo, else fills with its first campaign's image", () => {
    const logo = '/files/images/logo/0b6e4f00-0000-4000-8000-000000000002/320.webp';
    const source = {
      legalName: 'Karoo Animal Rescue',
      logo: { url: logo },
      orgDonationsTotal: 100,
      orgOffilineDonationsTotal: 0.5,
      totalCampaigns: 1,
    };
    expect(organisationCardContent(source, IMAGE)).toMatchObject({
      amount: 'R 100.50',
      caption: 'raised by 1 campaign',
      image: { fit: 'contain' },
    });
    expect(organisationCardContent({ ...source, logo: null }, IMAGE).image?.fit).toBe('cover');
    expect(organisationCardContent({ ...source, logo: null }, null).image).toBeNull();
  });
});

describe('the fingerprint', () => {
  const base = campaignCardContent(campaign());
  it('is 16 hex digits, the same for the same card', () => {
    expect(cardFingerprint(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(cardFingerprint(campaignCardContent(campaign()))).toBe(cardFingerprint(base));
  });
  it.each([
    ['name', { name: 'Help Lwazi walk again!' }],
    ['raised total', { donationsReceivedTotal: 1000.51 }],
    ['target', { donationTarget: 6000 }],
    ['first image', { images: [IMAGE.replace('0001', '0002')] }],
    [
      'progress setting',
      { campaignSetting: { currency: { symbol: 'R' }, showBarometer: BarometerDisplay.Hide } },
    ],
  ])('changes with the %s', (_, change) => {
    expect(cardFingerprint(campaignCardContent(campaign(change)))).not.toBe(cardFingerprint(base));
  });
  it('is what the page names in og:image', () => {
    const meta = shareImageMeta('campaign', 'help-lwazi', base);
    expect(meta.url).toBe(`/share/campaign/help-lwazi.png?v=${cardFingerprint(base)}`);
    expect(meta).toMatchObject({ width: 1200, height: 630, type: 'image/png' });
    expect(meta.alt).toBe('Help Lwazi walk again: R 1 250.00 raised of R 5 000.00 target');
  });
});

describe('text on the card', () => {
  it('escapes markup and drops characters XML does not allow', () => {
    expect(escapeXml(`<script>&"x'</script>`)).toBe('&lt;script&gt;&amp;&quot;x&apos;&lt;/script&gt;');
    expect(escapeXml('a\u0000b\u0007c\ufffed\ud800')).toBe('abcd\ufffd');
  });
  it('keeps a hostile name as text in the SVG', () => {
    const svg = cardOverlaySvg(
      campaignCardContent(campaign({ name: '</text><image href="file:///etc/passwd"/>' })),
      'Letsema',
    );
    expect(svg).not.toContain('<image');
    expect(svg).toContain('&lt;/text&gt;&lt;image');
  });
  it('wraps long names into at most 3 lines, cut with an ellipsis, each within the width', () => {
    const name =
      'The Siyakhula Saturday School needs new books, desks and a reliable bus for the learners of Khayelitsha this year';
    const lines = wrapText(name, 504, 40, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(504);
    expect(wrapText('Short name', 504, 40, 3)).toEqual(['Short name']);
  });
  it('breaks a word longer than a line', () => {
    const lines = wrapText('x'.repeat(60), 300, 40, 3);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 40)).toBeLessThanOrEqual(300);
  });
});

describe('JSON-LD text', () => {
  it('cannot end its script element or open a comment', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script><!-- & \u2028' });
  });
});

describe('drawing a card', () => {
  it('makes a 1200×630 PNG with the picture on the left and text on a white panel', async () => {
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c0392b' } })
      .webp()
      .toBuffer();
    const content = campaignCardContent(campaign({ name: 'A <b>bold</b> & "quoted" name' }));
    await renderShareCard(content, picture, 'Letsema'); // warm-up: fontconfig loads once per process
    const png = await renderShareCard(content, picture, 'Letsema');
    const image = sharp(png);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number): number[] => {
      const at = (y * info.width + x) * info.channels;
      return [...data.subarray(at, at + 3)];
    };
    // WebP and the PNG's palette shift a colour by a step or two.
    const [r = 0, g = 0, b = 0] = pixel(300, 315);
    expect(Math.max(Math.abs(r - 0xc0), Math.abs(g - 0x39), Math.abs(b - 0x2b))).toBeLessThanOrEqual(6);
    expect(pixel(1180, 20)).toEqual([255, 255, 255]);
  });
  it("draws a demo campaign's picture from the seed's SVG", async () => {
    const key = 'demo/karoo-borehole.svg';
    const content = campaignCardContent(campaign({ images: [`/${key}`] }));
    const svg = demoPictureSvg(key) ?? '';
    const png = await renderShareCard(content, new TextEncoder().encode(svg), 'Letsema');
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (20 * 1200 + 20) * 3;
    // The top-left of the panel is the picture's sky (KAROO's #f6bd60), not the brand's green.
    const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
    expect(Math.max(Math.abs(r - 0xf6), Math.abs(g - 0xbd), Math.abs(b - 0x60))).toBeLessThanOrEqual(12);
  });
  it('draws the brand panel when the picture is missing or cannot be decoded', async () => {
    const content = campaignCardContent(campaign());
    const png = await renderShareCard(content, new Uint8Array([1, 2, 3]), 'Letsema');
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (20 * 1200 + 20) * 3;
    expect([...data.subarray(at, at + 3)]).not.toEqual([0xc0, 0x39, 0x2b]);
    expect(data[at + 1]).toBeGreaterThan(data[at] ?? 0); // green, the brand's
  });
});

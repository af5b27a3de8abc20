import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { payloadText, richTextCorpus, XSS_PAYLOADS, XSS_PROBE } from '../support/xssCorpus';
import { logInInBrowser, newPerson, registerByApi } from './support/accounts';
import { demoUser } from './support/demo';

// Someone types the XSS corpus into every field other people read (campaign title, story, thank-you
// message, address, updates, a donor's display name and message, an organisation's names,
// keywords, description and address); the campaign is launched and verified by staff, and every page
// that shows those fields is opened in Chromium. No payload may run (no marker, no dialog), none
// may even try (an inline script or handler the CSP had to block is still an injection), no
// dangerous attribute or URL may reach the DOM, and each field's text must be on the page (so the
// field was really rendered). Identity-bearing names only take letters, spaces, hyphens and
// apostrophes (SPEC §5), so they carry the one quote they allow.

type Json = Record<string, unknown>;
const tag = randomUUID()
  .replace(/[^a-z]/g, '')
  .slice(0, 8);
const SEARCH_WORD = `xssword${tag}`;
const CAMPAIGN_NAME = `${SEARCH_WORD} ${payloadText(100 - SEARCH_WORD.length - 1, 0, true)}`;
const THANK_YOU = payloadText(500, 20);
const ADDRESS_LINE = payloadText(100, 24);
const CITY = payloadText(60, 1, true);
const DISPLAY_NAME = payloadText(29, 1, true);
const COMMENT = payloadText(350, 5);
const ORGANISATION_NAME = `Org ${SEARCH_WORD} ${payloadText(150 - SEARCH_WORD.length - 5, 3, true)}`;
const OTHER_NAME = payloadText(150, 30);
const KEYWORDS = payloadText(500, 12);
const QUOTED_NAME = { firstName: `D'Xss'${tag}`, lastName: `O'Quote` };

const admin = demoUser('nomvula');
// The address is made from the first name: it gets its apostrophe after.
const creator = { ...newPerson('Xss', 'Owner'), firstName: `Xss'Owner`, lastName: `O'Brien` };

interface Made {
  campaignUrl: string;
  organisationUrl: string;
  receiptToken: string;
}
let made: Made;

async function envelope<T = Json>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

async function logIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const data = await envelope<{ accessToken: string }>(
    await request.post('/api/v1/authentication/login/', { data: { email, password } }),
  );
  return data.accessToken;
}

async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const mails = await envelope<{ links: string[] }[]>(
    await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`),
  );
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('/auth/verify?'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  expect(token, 'a verification link').toBeTruthy();
  await envelope(await request.patch('/api/v1/authentication/verify-user/', { data: { token } }));
}

const json = (value: unknown): string => JSON.stringify(value);

/** Everything the pages show, made through the API as its users would. */
async function makeRecords(request: APIRequestContext): Promise<Made> {
  await registerByApi(request, creator);
  await confirmEmail(request, creator.email);
  const token = await logIn(request, creator.email, creator.password);
  const auth = { authorization: `Bearer ${token}` };
  const adminAuth = { authorization: `Bearer ${await logIn(request, admin.email, admin.password)}` };

  const organisation = await envelope<{ id: string; url: string }>(
    await request.post('/api/v1/organizations/', {
      headers: auth,
      multipart: {
        legalName: ORGANISATION_NAME,
        otherName: OTHER_NAME,
        organizationTypeId: '1',
        organizationSectors: json([2]),
        briefDescription: richTextCorpus('ORGDESC'),
        keywordsDescription: KEYWORDS,
        address: json({ addressLine1: ADDRESS_LINE, city: CITY, country: 'South Africa' }),
        mainContactPerson: json({ ...QUOTED_NAME, phone: '+27821234567', email: creator.email }),
      },
    }),
  );

  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1b998b' } })
    .png()
    .toBuffer();
  const campaign = await envelope<{ id: string; url: string }>(
    await request.post('/api/v1/campaigns/', {
      headers: auth,
      multipart: {
        name: CAMPAIGN_NAME,
        story: richTextCorpus('STORY'),
        thankYouMessage: THANK_YOU,
        donationTarget: '25000',
        campaignCategory: '6',
        organisation: organisation.id,
        address: json({ addressLine1: ADDRESS_LINE, city: CITY, country: 'South Africa' }),
        images: { name: 'team.png', mimeType: 'image/png', buffer: image },
      },
    }),
  );
  await envelope(await request.patch(`/api/v1/campaigns/${campaign.id}/launch`, { headers: auth }));
  await envelope(
    await request.post('/api/v1/campaigns/campaign-updates', {
      headers: auth,
      multipart: { campaignId: campaign.id, description: richTextCorpus('UPDATE').slice(0, 5000) },
    }),
  );

  // A donation by EFT that staff mark received: it then shows in the public lists.
  const donation = await envelope<{ id: string; jwtTokenStringDonationId: string }>(
    await request.post('/api/v1/donations/logged-in', {
      headers: auth,
      data: {
        type: 0,
        currencyId: 1,
        amount: 250,
        tipOrAdminFeeAmount: 0,
        paymentMethod: 0,
        ...QUOTED_NAME,
        email: creator.email,
        anonymous: false,
        displayName: DISPLAY_NAME,
        comment: COMMENT,
        campaignUrl: campaign.url,
      },
    }),
  );
  await envelope(
    await request.patch(`/api/v1/admin/donations/${donation.id}/eft-received`, {
      headers: adminAuth,
      data: { amount: 250 },
    }),
  );
  return {
    campaignUrl: campaign.url,
    organisationUrl: organisation.url,
    receiptToken: donation.jwtTokenStringDonationId,
  };
}

/** Collects what a payload would trip on this page: dialogs here, the rest inside the page. */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(XSS_PROBE);
  return dialogs;
}

/** Elements and attributes that run script, whatever text put them there. */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  const scheme = /^\s*(javascript|vbscript|data:text\/html)/i;
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const name = el.tagName.toLowerCase();
    if (['iframe', 'object', 'embed', 'base'].includes(name) && !el.closest('[data-video-facade]'))
      found.push(`<${name}>`);
    if (name === 'meta' && el.getAttribute('http-equiv')?.toLowerCase() === 'refresh')
      found.push('<meta refresh>');
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.startsWith('on')) found.push(`<${name} ${attr.name}>`);
      if (attr.name === 'srcdoc') found.push(`<${name} srcdoc>`);
      if (
        ['href', 'src', 'action', 'formaction', 'data', 'xlink:href'].includes(attr.name) &&
        scheme.test(attr.value)
      )
        found.push(`<${name} ${attr.name}="${attr.value.slice(0, 40)}">`);
      if (attr.name === 'style' && /url\s*\(\s*['"]?\s*javascript|expression\s*\(/i.test(attr.value))
        found.push(`<${name} style="${attr.value.slice(0, 40)}">`);
    }
  }
  return found;
}

/** Opens `path`, lets its scripts and islands run, and checks that nothing of the corpus ran or tried to. */
async function expectInert(page: Page, dialogs: string[], path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator('html[data-scripts="ready"]')).toBeAttached();
  // Islands hydrate when seen: bring the whole page into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => ({
    marker: (window as unknown as { __xss?: unknown }).__xss,
    csp: (window as unknown as { __xssCsp: string[] }).__xssCsp,
  }));
  expect(state.marker, `${path}: payload ${String(state.marker)} ran`).toBeUndefined();
  expect(state.csp, `${path}: the CSP blocked an injected script`).toEqual([]);
  expect(dialogs, `${path}: a dialog opened`).toEqual([]);
  expect(await page.evaluate(dangerousMarkup), `${path}: dangerous markup in the DOM`).toEqual([]);
}

/** The text of a plain-text field, shown as typed (whitespace collapsed). */
async function expectText(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text.replace(/\s+/g, ' '), { exact: false }).first()).toBeAttached();
}

// One set of records for both tests: they run in one worker, in order.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  made = await makeRecords(request);
});

test('the public pages show every field as text and run none of it', async ({ page }) => {
  test.slow();
  const dialogs = await watch(page);

  await expectInert(page, dialogs, `/campaign/${made.campaignUrl}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(CAMPAIGN_NAME);
  await expect(page.getByText('STORY-1', { exact: true })).toBeVisible();
  await expect(page.getByText('STORY-48', { exact: true })).toBeAttached();
  await expect(page.getByText('UPDATE-1', { exact: true }).first()).toBeAttached();
  await expectText(page, COMMENT);
  await expectText(page, DISPLAY_NAME);
  await expectText(page, CITY);
  await expectText(page, creator.firstName);

  await expectInert(page, dialogs, `/donation/${made.campaignUrl}`);
  await expectText(page, CAMPAIGN_NAME);

  await expectInert(page, dialogs, `/thanks?donation=${encodeURIComponent(made.receiptToken)}`);
  await expectText(page, CAMPAIGN_NAME);
  await expectText(page, THANK_YOU);

  await expectInert(page, dialogs, `/find-campaign?q=${SEARCH_WORD}`);
  await expectText(page, CAMPAIGN_NAME);

  await expectInert(page, dialogs, `/organization/${made.organisationUrl}`);
  await expectText(page, ORGANISATION_NAME);
  await expect(page.getByText('ORGDESC-1', { exact: true })).toBeAttached();
  await expectText(page, OTHER_NAME);
  await expectText(page, ADDRESS_LINE);

  await expectInert(page, dialogs, '/home');
});

test('the checks catch the corpus when it is rendered raw (so a pass above means something)', async ({
  page,
}) => {
  const dialogs = await watch(page);
  await page.setContent(`<body>${XSS_PAYLOADS.map((p) => p.text).join('\n')}</body>`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss))
    .toBeDefined();
  expect(await page.evaluate(dangerousMarkup)).toEqual(expect.arrayContaining(['<img onerror>', '<iframe>']));
  expect(dialogs).toEqual([]);
});

test('staff read the same fields in the back office without running them', async ({ page }) => {
  test.slow();
  const dialogs = await watch(page);
  await logInInBrowser(page, admin);
  await expectInert(page, dialogs, '/admin');
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
  // Search renders the campaign's title, and the donation's donor and message, in React.
  await page.getByRole('tablist', { name: 'Back office' }).getByRole('tab', { name: 'Search' }).click();
  const search = page.getByRole('form', { name: 'Back office search' });
  await search.getByLabel('Name, email or reference').fill(SEARCH_WORD);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'Campaigns found' })).toContainText(SEARCH_WORD);
  await expectText(page, CAMPAIGN_NAME);
  await search.getByLabel('Find').selectOption('donations');
  await search.getByLabel('Name, email or reference').fill(creator.email);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'Donations found' })).toContainText(QUOTED_NAME.firstName);
  const state = await page.evaluate(() => ({
    marker: (window as unknown as { __xss?: unknown }).__xss,
    csp: (window as unknown as { __xssCsp: string[] }).__xssCsp,
  }));
  expect(state).toEqual({ marker: undefined, csp: [] });
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(dangerousMarkup)).toEqual([]);
});

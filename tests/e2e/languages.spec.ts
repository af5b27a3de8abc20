import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { m } from '~/paraglide/messages.js';
import { hydrated } from './support/accounts';
import { launchedRandCampaign } from './support/randCampaign';

// Issue 27: a visitor reads and gives in their own language. The labels the test looks for are
// the messages themselves, in the language asked for.

const PHONE = { width: 390, height: 844 };
const CAMPAIGN = 'siyakhula-saturday-school';

async function switchLanguage(page: Page, name: string): Promise<void> {
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await hydrated(page, openMenu);
  await openMenu.click();
  const sidebar = page.getByRole('dialog');
  await sidebar.getByRole('link', { name, exact: true }).click();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true });

  test('a visitor opens a shared campaign, switches it to isiZulu and stays on it', async ({ page }) => {
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-ZA');
    await switchLanguage(page, 'isiZulu');
    await expect(page).toHaveURL(new RegExp(`/zu/campaign/${CAMPAIGN}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zu');
    // Having chosen isiZulu, an English browser is not offered English back.
    await expect(page.locator('[data-language-offer]')).toBeHidden();
    // The story stays in its own words, marked with its language.
    await expect(page.locator('[lang="en"]').filter({ hasText: /\w/ }).first()).toBeVisible();
    // And back to English from the footer, on the same campaign.
    await page.getByRole('contentinfo').getByRole('link', { name: 'English', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/campaign/${CAMPAIGN}$`));
  });

  test('a browser that prefers isiZulu is offered the page in isiZulu, not sent there', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, locale: 'zu-ZA' });
    const page = await context.newPage();
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page).toHaveURL(new RegExp(`/campaign/${CAMPAIGN}$`));
    const offer = page.getByRole('link', { name: m.layout_language_offer({}, { locale: 'zu' }) });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page).toHaveURL(new RegExp(`/zu/campaign/${CAMPAIGN}$`));
    // Taken once, it is not offered again.
    await page.goto(`/campaign/${CAMPAIGN}`);
    await expect(page.locator('[data-language-offer]')).toBeHidden();
    await context.close();
  });

  for (const path of ['/zu/home', `/zu/campaign/${CAMPAIGN}`, '/af/home', `/af/campaign/${CAMPAIGN}`]) {
    test(`${path} has no accessibility violations (axe)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html[data-scripts="ready"]')).toBeAttached();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});

type Locale = 'zu' | 'af';

/** The donor's mails, newest first, from the development outbox (no SMTP in these tests). */
async function mailSubjects(request: APIRequestContext, to: string): Promise<string[]> {
  const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  return ((await outbox.json()) as { data: { subject: string }[] }).data.map((mail) => mail.subject);
}

async function fillDonor(page: Page, locale: Locale, email: string): Promise<void> {
  await page.getByRole('textbox', { name: m.donation_field_first_name({}, { locale }) }).fill('Lindiwe');
  await page.getByRole('textbox', { name: m.donation_field_surname({}, { locale }) }).fill('Ngcobo');
  await page.getByRole('textbox', { name: m.donation_field_email({}, { locale }), exact: true }).fill(email);
}

/** Presses Donate now until `outcome` shows (a post within 3 s of the page is refused as too fast). */
async function pressUntil(page: Page, locale: Locale, outcome: Locator): Promise<void> {
  await expect(async () => {
    if (!(await outcome.isVisible()))
      await page.getByRole('button', { name: m.donation_donate_now({}, { locale }) }).click();
    await expect(outcome).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
}

test.describe('giving in isiZulu, on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true });

  test('the whole gift is in isiZulu: the refusal of R 10, PayFast, thanks and the receipt', async ({
    page,
    request,
  }) => {
    test.slow();
    const locale = 'zu';
    const campaign = await launchedRandCampaign(request);
    const email = `lindiwe.${randomUUID().slice(0, 8)}@example.co.za`;

    await page.goto(`/campaign/${campaign.url}`);
    await switchLanguage(page, 'isiZulu');
    await expect(page).toHaveURL(new RegExp(`/zu/campaign/${campaign.url}$`));
    await page
      .getByRole('link', { name: m.campaign_donate({}, { locale }), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/zu/donation/${campaign.url}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zu');

    const amount = page.getByRole('textbox', { name: m.donation_amount({}, { locale }) });
    await hydrated(page, amount);
    await amount.fill('10');
    await page
      .getByRole('radio', {
        name: new RegExp(`^${m.donation_method_payfast({}, { locale }).replace(/[()]/g, '\\$&')}`),
      })
      .check();
    await fillDonor(page, locale, email);
    await page.getByRole('button', { name: m.donation_donate_now({}, { locale }) }).click();
    await expect(page.getByText(m.donation_err_amount_min({ amount: 'R 20' }, { locale }))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/zu/donation/${campaign.url}$`));

    await amount.fill('100');
    await page.getByRole('button', { name: m.donation_donate_now({}, { locale }) }).click();
    await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/zu\/thanks\?donation=/);
    await expect(
      page.getByRole('heading', { level: 1, name: m.thanks_heading_thanks({}, { locale }) }),
    ).toBeVisible();

    const subject = m.mail_receipt_subject({ campaign: campaign.name }, { locale });
    await expect.poll(() => mailSubjects(request, email), { timeout: 20_000 }).toContain(subject);
  });
});

test.describe('giving in Afrikaans without JavaScript, on a phone', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the plain form refuses R 10 in Afrikaans, hands off to PayFast, thanks and mails in Afrikaans', async ({
    page,
    request,
  }) => {
    test.slow();
    const locale = 'af';
    const campaign = await launchedRandCampaign(request);
    const email = `lindiwe.${randomUUID().slice(0, 8)}@example.co.za`;

    await page.goto(`/campaign/${campaign.url}`);
    // Without JavaScript the sidebar does not open: the footer's switcher is plain links.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Afrikaans', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/af/campaign/${campaign.url}$`));
    await page
      .getByRole('link', { name: m.campaign_donate({}, { locale }), exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/af/donation/${campaign.url}$`));

    await page.getByRole('textbox', { name: m.donation_amount({}, { locale }) }).fill('10');
    await page
      .getByRole('radio', {
        name: new RegExp(`^${m.donation_method_payfast({}, { locale }).replace(/[()]/g, '\\$&')}`),
      })
      .check();
    await fillDonor(page, locale, email);
    await pressUntil(page, locale, page.getByText(m.donation_err_amount_min({ amount: 'R 20' }, { locale })));
    await expect(page.locator('html')).toHaveAttribute('lang', 'af');

    await page.getByRole('textbox', { name: m.donation_amount({}, { locale }) }).fill('100');
    await pressUntil(
      page,
      locale,
      page.getByRole('heading', { name: m.donation_handoff_saved({}, { locale }) }),
    );
    await page
      .getByRole('button', { name: m.donation_continue_to({ gateway: 'PayFast' }, { locale }) })
      .click();
    await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/af\/thanks\?donation=/);
    await expect(
      page.getByRole('heading', { level: 1, name: m.thanks_heading_thanks({}, { locale }) }),
    ).toBeVisible();

    const subject = m.mail_receipt_subject({ campaign: campaign.name }, { locale });
    await expect.poll(() => mailSubjects(request, email), { timeout: 20_000 }).toContain(subject);
  });
});

import { expect, test } from '@playwright/test';
import { CampaignStatus } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated } from './support/accounts';

// A visitor (not signed in) finding their way around: home, the mobile sidebar,
// the profile dropdown, the administrator's banner and the footer.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const visibleFeatured = DEMO_CAMPAIGNS.filter(
  (c) => c.featured && c.published && c.status !== CampaignStatus.Hidden,
).slice(0, 3);

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('sees the featured campaigns, opens the sidebar and follows Fees & Payouts', async ({ page }) => {
    await page.goto('/home');
    const featured = page.getByRole('region', { name: 'Featured campaigns' });
    await expect(featured.getByRole('heading', { name: 'Featured campaigns' })).toBeVisible();
    for (const campaign of visibleFeatured) {
      await expect(featured.getByRole('link', { name: campaign.name, exact: true })).toBeVisible();
    }

    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await expect(openMenu).toBeVisible();
    await hydrated(page, openMenu);
    await openMenu.click();

    const sidebar = page.getByRole('dialog', { name: 'Menu' });
    await expect(sidebar).toBeVisible();
    for (const entry of [
      'Home',
      'Start Campaign',
      'Find a campaign',
      'How it works',
      'Register Your Organisation',
      'Fees & Payouts',
      'FAQ',
      'About Us',
      'Contact Us',
      'Login / Register',
      'Privacy Policy',
      'Terms & Conditions',
    ]) {
      await expect(sidebar.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect(sidebar.getByText('V2.2.57', { exact: true })).toBeVisible();

    await sidebar.getByRole('link', { name: 'Fees & Payouts' }).click();
    await expect(page).toHaveURL(/\/home\/links\/?\?tab=about&about_tab=first$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fees & Payouts' })).toBeVisible();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the profile dropdown offers a visitor only Login', async ({ page }) => {
    await page.goto('/home');
    const account = page.getByRole('button', { name: 'Account menu' });
    await expect(account).toBeVisible();
    await hydrated(page, account);
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');

    const panel = page.locator(`[id="${await account.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link')).toHaveText(['Login']);
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My Profile' })).toHaveCount(0);

    await expect(panel.getByRole('link', { name: 'Login' })).toHaveAttribute('href', /^\/auth\/login\/?$/);
  });

  test('the banner closes, stays closed across reloads, and a new banner shows again', async ({
    page,
    request,
  }) => {
    const current = await request.get('/api/v1/banner');
    const { data: banner } = (await current.json()) as { data: { id: number | string; isVisible: boolean } };
    expect(banner.isVisible, 'the demo content has a visible banner').toBe(true);

    await page.goto('/home');
    const announcement = page.getByRole('complementary', { name: 'Announcement' });
    await expect(announcement).toBeVisible();
    // The banner is HTML with its own inline script: the button works as soon as it shows.
    await announcement.getByRole('button', { name: 'Close announcement' }).click();
    await expect(announcement).toBeHidden();

    await page.reload();
    await expect(announcement).toBeHidden();

    // What was remembered: the entry of localStorage that holds this banner's id.
    const stored = await page.evaluate((id) => {
      const entries = Object.entries(window.localStorage);
      return entries.filter(([, value]) => value === id || value === JSON.stringify(id));
    }, String(banner.id));
    expect(stored, 'closing stores the banner id in localStorage').toHaveLength(1);
    const [key, value] = stored[0] ?? ['', ''];

    // The visitor closed an older banner; the administrator has published a new one since.
    await page.evaluate(([k, v]) => window.localStorage.setItem(k, v), [
      key,
      value.replace(String(banner.id), `${banner.id}0`),
    ] as const);
    await page.reload();
    await expect(announcement).toBeVisible();
  });

  test('the footer shows the current year, and the extra block only on /home pages', async ({ page }) => {
    const year = String(new Date().getFullYear());
    for (const path of ['/home', '/home/links?tab=terms']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${year}`);
      await expect(footer.getByRole('region')).toHaveCount(1);
      await expect(footer.getByRole('region')).toBeVisible();
    }

    await page.goto('/misc/404');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${year}`);
    await expect(footer.getByRole('region')).toHaveCount(0);
  });

  // The public pages' inline scripts (the banner's, the copy-link button's) must pass the hashed CSP;
  // so must the donation form's monthly tab, which React once revealed with inline scripts.
  for (const path of [
    '/home',
    '/campaign/siyakhula-saturday-school',
    '/find-campaign',
    '/donation/siyakhula-saturday-school',
    '/donation/siyakhula-saturday-school?tab=recurring',
  ]) {
    test(`${path} loads without console errors or Content-Security-Policy violations`, async ({ page }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });

      await page.goto(path, { waitUntil: 'networkidle' });
      // Bring the footer's lazily hydrated island into view so it loads too.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }
});

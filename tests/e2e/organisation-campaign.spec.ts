import { expect, test } from '@playwright/test';
import { hydrated, logInInBrowser } from './support/accounts';
import { demoUser } from './support/demo';

// A member of an organisation may raise funds for it: the editor offers that funding type
// only to people whose account belongs to an organisation (GET /organizations/).
test('an organisation owner can start a campaign for their organisation', async ({ page }) => {
  const owner = demoUser('anele');
  if (!owner) throw new Error('demo organisation owner missing');
  await logInInBrowser(page, owner);

  await page.goto('/campaign/start');
  const forOrganisation = page.getByRole('radio', { name: /For an organisation/ });
  await hydrated(page, forOrganisation);
  await forOrganisation.check();
  const organisation = page.getByRole('combobox', { name: 'Organisation', exact: true });
  await expect(organisation).toBeVisible();
  await expect(organisation.getByRole('option', { name: 'Siyakhula Education Trust' })).toHaveCount(1);
});

test('someone without an organisation is not offered that funding type', async ({ page }) => {
  const donor = demoUser('fatima');
  if (!donor) throw new Error('demo donor missing');
  await logInInBrowser(page, donor);

  await page.goto('/campaign/start');
  const independent = page.getByRole('radio', { name: /Independent/ });
  await hydrated(page, independent);
  await expect(page.getByRole('radio', { name: /Bluetick/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /For an organisation/ })).toHaveCount(0);
});

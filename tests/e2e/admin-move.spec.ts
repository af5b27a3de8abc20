import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  logInInBrowser,
  newPerson,
  registerByApi,
  verifyThroughOutbox,
} from './support/accounts';
import { demoUser } from './support/demo';
import { countedEftGift } from './support/eftGift';

// Issue 22: once a campaign has counted donations its organisation is locked for its owner, and
// only a platform admin may move its money, with a reason. On a phone, the admin finds at /admin a
// campaign for one organisation that holds R 300, reads where its money goes, finds another
// organisation by name, gives a reason, confirms, and the card says the money now goes there.

test.use({ viewport: { width: 390, height: 844 } });

type Envelope<T> = { data: T };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Screenshots for a person to look at, when SHOTS_DIR is set (never in CI): phone, then desktop size. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/authentication/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function registerOrganisation(request: APIRequestContext, token: string, legalName: string) {
  const res = await request.post('/api/v1/organizations/', {
    headers: bearer(token),
    multipart: {
      legalName,
      organizationTypeId: '1',
      organizationSectors: JSON.stringify([2]),
      briefDescription: '<p>We care for older people in Soweto with meals, visits and warm clothes.</p>',
      mainContactPerson: JSON.stringify({
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: '+27821234567',
        email: `contact-${randomUUID().slice(0, 8)}@example.co.za`,
      }),
      address: JSON.stringify({
        addressLine1: '12 Vilakazi Street',
        city: 'Soweto',
        province: 'Gauteng',
        country: 'South Africa',
      }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as Envelope<{ id: string; legalName: string }>).data;
}

test('an admin moves the money of a campaign holding donations to another organisation, with a reason', async ({
  page,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const from = `Themba Care Foundation NPC ${tag}`;
  const to = `Second Home Trust ${tag}`;
  const campaignName = `Winter blankets for Themba ${tag}`;

  // Thandi owns both organisations and raises for the first; an EFT gift of R 300 is counted.
  const thandi = newPerson('Thandi', 'Mokoena');
  await registerByApi(request, thandi);
  await verifyThroughOutbox(page, thandi);
  const ownerToken = await tokenOf(request, thandi.email, thandi.password);
  const first = await registerOrganisation(request, ownerToken, from);
  await registerOrganisation(request, ownerToken, to);
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers: bearer(ownerToken),
    multipart: {
      name: campaignName,
      story: '<p>Blankets for every older person at the centre before the first frost of winter.</p>',
      donationTarget: '20000',
      campaignCategory: '6',
      forOrganisation: 'true',
      organisation: first.id,
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = ((await created.json()) as Envelope<{ id: string; url: string }>).data;
  const launched = await request.patch(`/api/v1/campaigns/${campaign.id}/launch`, {
    headers: bearer(ownerToken),
  });
  expect(launched.status(), await launched.text()).toBe(200);
  const admin = demoUser('nomvula');
  const adminToken = await tokenOf(request, admin.email, admin.password);
  await countedEftGift(request, adminToken, campaign.url, 300);

  // The admin finds the campaign at /admin and reads where its money goes.
  await logInInBrowser(page, admin);
  await page.goto('/admin');
  const sections = page.getByRole('tablist', { name: 'Back office' });
  const searchTab = sections.getByRole('tab', { name: 'Search' });
  await hydrated(page, searchTab);
  await searchTab.click();
  const searchForm = page.getByRole('form', { name: 'Back office search' });
  await searchForm.getByLabel('Name, email or reference').fill(campaignName);
  await searchForm.getByRole('button', { name: 'Search' }).click();
  const card = page
    .getByRole('list', { name: 'Campaigns found' })
    .getByRole('listitem', { name: campaignName });
  await expect(card.getByTestId('campaign-payee')).toHaveText(`Paid out to ${from}'s verified account`);

  // Move money: the new organisation found by name, and a reason, asked for before it goes.
  await card.getByRole('button', { name: 'Move money' }).click();
  const form = card.getByRole('form', { name: `Move the money of ${campaignName}` });
  await expect(form).toContainText(`Now: Paid out to ${from}'s verified account`);
  await form.getByLabel('Organisation name').fill(`second home trust ${tag}`);
  await form.getByRole('button', { name: 'Find' }).click();
  await form.getByRole('radio', { name: new RegExp(`^${to}`) }).check();
  await form.getByRole('button', { name: 'Move money' }).click();
  await expect(form.getByText('Please give a reason.')).toBeVisible();
  await form
    .getByLabel('Reason')
    .fill('Both boards asked in writing: the blankets project moved to Second Home.');
  await shot(page, '1-move-form');
  await form.getByRole('button', { name: 'Move money' }).click();
  const dialog = form.getByRole('alertdialog');
  await expect(dialog).toContainText(`Move the money of “${campaignName}” to ${to}?`);
  await shot(page, '2-move-confirm');
  await dialog.getByRole('button', { name: 'Yes, move it' }).click();
  await expect(page.getByText('Campaign moved.')).toBeVisible();
  await expect(card.getByTestId('campaign-payee')).toHaveText(`Paid out to ${to}'s verified account`);
  await expect(form).toHaveCount(0);
  await shot(page, '3-moved');
  await dismissToast(page, 'Campaign moved.');

  // The search says the same afresh, and the audit log keeps the reason.
  await searchForm.getByRole('button', { name: 'Search' }).click();
  await expect(card.getByTestId('campaign-payee')).toHaveText(`Paid out to ${to}'s verified account`);
  const audit = await request.get(`/api/v1/admin/audit?entity=campaign&entityId=${campaign.id}`, {
    headers: bearer(adminToken),
  });
  const entries = (
    (await audit.json()) as Envelope<{ items: { action: string; details: { reason?: string } }[] }>
  ).data.items;
  expect(entries.find((e) => e.action === 'campaign-move')?.details.reason).toBe(
    'Both boards asked in writing: the blankets project moved to Second Home.',
  );
});

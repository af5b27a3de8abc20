import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  logInInBrowser,
  newPerson,
  registerByApi,
  type TestPerson,
  verifyThroughOutbox,
} from './support/accounts';
import { demoUser } from './support/demo';
import { countedEftGift } from './support/eftGift';

// Issue 12 end to end, in two browsers: the campaign owner's and the admin's. A campaign with
// R 500 of donations (EFT transfers the admin marked received) is paid out
// 1. into the owner's bank account: the owner submits banking details on the Verification tab,
//    the admin accepts them at /admin, the owner requests a payout, the admin accepts it and marks
//    it paid with the bank's reference; the owner sees it paid and the funds available lower;
// 2. to a supplier, on a Bluetick campaign: the owner uploads the invoice with the supplier's
//    banking details, the admin accepts the payout and marks it paid, the owner sees it paid.
// The /admin queues list everything waiting, so each item is found by the campaign's unique name.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/authentication/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.accessToken;
}

interface Funded {
  owner: TestPerson;
  id: string;
  name: string;
}

/** A new owner's launched campaign with R 500 received: two EFT transfers the admin marked received. */
async function fundedCampaign(
  page: Page,
  request: APIRequestContext,
  adminToken: string,
  fundingType: 0 | 1,
): Promise<Funded> {
  const owner = newPerson('Lindiwe', 'Khumalo');
  const name = `${fundingType === 1 ? 'Hip surgery for Gogo' : 'Netball kit for Umlazi'} ${randomUUID().slice(0, 8)}`;
  await registerByApi(request, owner);
  await verifyThroughOutbox(page, owner);
  const ownerToken = await tokenOf(request, owner.email, owner.password);
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers: bearer(ownerToken),
    multipart: {
      name,
      story: '<p>Every rand raised here goes where the campaign says, and staff check each payout.</p>',
      donationTarget: '20000',
      campaignCategory: '6',
      fundingType: String(fundingType),
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign: { id: string; url: string } = (await created.json()).data;
  const launched = await request.patch(`/api/v1/campaigns/${campaign.id}/launch`, {
    headers: bearer(ownerToken),
  });
  expect(launched.status(), await launched.text()).toBe(200);

  for (const amount of [300, 200]) {
    await countedEftGift(request, adminToken, campaign.url, amount);
  }
  return { owner, id: campaign.id, name };
}

/** The admin's own browser, at /admin. */
async function adminBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInInBrowser(page, demoUser('nomvula'));
  return page;
}

/** Opens a queue of /admin afresh and answers its panel. */
async function openQueue(admin: Page, label: string) {
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Back office' })).toBeVisible();
  const tab = admin
    .getByRole('tablist', { name: 'Queues' })
    .getByRole('tab', { name: new RegExp(`^${label} \\(`) });
  await hydrated(admin, tab);
  await tab.click();
  return admin.getByRole('tabpanel', { name: new RegExp(`^${label}`) });
}

/** The admin accepts the payout of `name` (`amount` rand), then marks it paid with `reference`. */
async function acceptAndPay(admin: Page, name: string, amount: string, reference: string): Promise<void> {
  const queue = await openQueue(admin, 'Payouts');
  const item = queue.getByRole('listitem', { name });
  await expect(item).toContainText(`ZAR ${amount}`);
  await item.getByRole('button', { name: 'Accept' }).click();
  // Accept asks for an optional note, then for confirmation.
  await item
    .getByRole('form', { name: `Accept ${name}` })
    .getByRole('button', { name: 'Accept' })
    .click();
  await item.getByRole('alertdialog').getByRole('button', { name: 'Yes, accept' }).click();
  await expect(admin.getByText('Payout accepted.')).toBeVisible();
  await dismissToast(admin, 'Payout accepted.');
  await expect(item).toContainText('Accepted, awaiting payment');
  await item.getByRole('button', { name: 'Mark paid' }).click();
  const form = item.getByRole('form', { name: `Mark ${name} paid` });
  await form.getByLabel('Bank reference').fill(reference);
  await form.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Payout marked as paid.')).toBeVisible();
  await expect(queue.getByRole('listitem', { name })).toHaveCount(0);
}

const available = (page: Page) =>
  page
    .getByLabel('Funding')
    .locator('div')
    .filter({ hasText: 'Available for payout' })
    .getByRole('definition');

test('an owner is paid into their own account: banking details, request, accepted, paid', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const nomvula = demoUser('nomvula');
  const adminToken = await tokenOf(request, nomvula.email, nomvula.password);
  const { owner, id, name } = await fundedCampaign(page, request, adminToken, 0);

  // The owner submits banking details on the Verification tab.
  await logInInBrowser(page, owner);
  await page.goto(`/campaign/edit/${id}?tab=verification`);
  const verification = page.getByRole('form', { name: 'Verification' });
  await hydrated(page, verification);
  await verification.getByLabel("Account holder's name").fill('Lindiwe Khumalo');
  await verification.getByLabel('ID type').selectOption({ label: 'South African ID number' });
  await verification.getByLabel('ID number').fill('8001015009087');
  await verification.getByLabel('Bank', { exact: true }).selectOption('Capitec Bank');
  await expect(verification.getByLabel('Branch code')).toHaveValue('470010');
  await verification.getByLabel('Account number').fill('1452098736');
  await verification.getByLabel('Account type').selectOption({ label: 'Savings' });
  await page.locator('#verification-identification').setInputFiles(pdf('lindiwe-id.pdf'));
  await verification.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByText('Waiting for review')).toBeVisible();

  // The admin accepts them in the banking details queue.
  const admin = await adminBrowser(browser);
  const banking = await openQueue(admin, 'Banking details');
  const details = banking.getByRole('listitem').filter({ hasText: `For ${name}` });
  await expect(details).toContainText('Lindiwe Khumalo, Capitec Bank');
  await details.getByRole('button', { name: 'Accept' }).click();
  await details
    .getByRole('form', { name: /^Accept / })
    .getByRole('button', { name: 'Accept' })
    .click();
  await details.getByRole('alertdialog').getByRole('button', { name: 'Yes, accept' }).click();
  await expect(admin.getByText('Banking details accepted.')).toBeVisible();
  await expect(banking.getByRole('listitem').filter({ hasText: `For ${name}` })).toHaveCount(0);

  // The owner requests R 200 of the R 500.
  await page.goto(`/payout/campaign/${id}`);
  await expect(page.getByText('Banking details accepted')).toBeVisible();
  await expect(available(page)).toHaveText('R 500.00');
  const form = page.getByRole('form', { name: 'Request a payout' });
  await hydrated(page, form);
  await form.getByLabel('Amount').fill('200');
  await form.getByLabel('Description').fill('Netball kit for the under-14 team');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout requested successfully.')).toBeVisible();
  const payouts = page.getByRole('list', { name: 'Payouts' });
  await expect(payouts.getByRole('listitem').first()).toContainText('Pending');

  // The admin accepts it and marks it paid with the bank's reference.
  const reference = `FNB-${randomUUID().slice(0, 6).toUpperCase()}`;
  await acceptAndPay(admin, name, '200.00', reference);

  // The owner sees it paid, with the reference, and R 200 less available.
  await page.reload();
  const paid = page.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first();
  await expect(paid).toContainText('R 200.00');
  await expect(paid).toContainText(`Paid (reference ${reference})`);
  await expect(available(page)).toHaveText('R 300.00');
  await expect(page.getByText('Paid out so far: R 200.00')).toBeVisible();
  await admin.context().close();
});

test('a Bluetick campaign pays a supplier’s invoice: requested, accepted, paid', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const nomvula = demoUser('nomvula');
  const adminToken = await tokenOf(request, nomvula.email, nomvula.password);
  const { owner, id, name } = await fundedCampaign(page, request, adminToken, 1);

  // The owner asks for R 450 to be paid to the hospital, with its invoice and banking details.
  await logInInBrowser(page, owner);
  await page.goto(`/payout/campaign/${id}`);
  await expect(available(page)).toHaveText('R 500.00');
  const form = page.getByRole('form', { name: 'Request a Bluetick payout' });
  await hydrated(page, form);
  await form.getByLabel('Amount').fill('450');
  await expect(form.getByRole('radio', { name: /Pay an invoice/ })).toBeChecked();
  await page.locator('#payout-invoice').setInputFiles(pdf('invoice-2291.pdf'));
  await form.getByLabel("Account holder's name").fill('Mediclinic Durbanville');
  await form.getByLabel('ID type').selectOption({ label: 'Organisation registration number' });
  await form.getByLabel('ID number').fill('1983/010725/07');
  await form.getByLabel('Bank', { exact: true }).selectOption('Capitec Bank');
  await form.getByLabel('Account number').fill('1398274650');
  await form.getByLabel('Account type').selectOption({ label: 'Cheque' });
  await form.getByLabel('Description').fill('Hip replacement: the surgeon’s invoice');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout requested successfully.')).toBeVisible();
  const payouts = page.getByRole('list', { name: 'Payouts' });
  await expect(payouts.getByRole('listitem').first()).toContainText('Pending');
  await expect(available(page)).toHaveText('R 50.00');

  // The admin accepts it (the supplier's details with it) and marks it paid.
  const admin = await adminBrowser(browser);
  const reference = `ABSA-${randomUUID().slice(0, 6).toUpperCase()}`;
  await acceptAndPay(admin, name, '450.00', reference);

  // The owner sees it paid.
  await page.reload();
  const paid = page.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first();
  await expect(paid).toContainText('R 450.00');
  await expect(paid).toContainText(`Paid (reference ${reference})`);
  await expect(page.getByText('Paid out so far: R 450.00')).toBeVisible();
  await admin.context().close();
});

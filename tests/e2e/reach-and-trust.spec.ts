import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import {
  hydrated,
  logInInBrowser,
  newPerson,
  signUpInBrowser,
  verifyThroughOutbox,
} from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';

// Issue 15, tried as a new donor would: they sign up and confirm their email, give R 250 through
// PayFast to a tax-deductible campaign of the demo public benefit organisation (Siyakhula), ask for
// their Section 18A receipt on /thanks and find the PDF attached to the mail, download their data
// from the profile, then delete their account: the campaign still counts the gift, as 'Anonymous'.

const ORGANISATION_URL = 'siyakhula-education-trust';
// The demo organisation's Admin opens a campaign of its own for this test, so no other test moves its total.
const admin = demoUser('kagiso');

async function taxDeductibleCampaign(request: APIRequestContext): Promise<{ url: string; name: string }> {
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: admin.email, password: admin.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${((await login.json()).data as { accessToken: string }).accessToken}`,
  };
  const organisation = await request.get(`/api/v1/organizations/short/${ORGANISATION_URL}?idType=0`);
  expect(organisation.status(), await organisation.text()).toBe(200);
  const { id: organisationId } = (await organisation.json()).data as { id: string };
  const name = `Matric maths camp ${randomUUID().slice(0, 6)}`;
  const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers,
    multipart: {
      name,
      story: '<p>A week-long maths camp in Soweto for forty matriculants before their final exams.</p>',
      donationTarget: '30000',
      campaignCategory: '7',
      organisation: organisationId,
      settings: JSON.stringify({ isTaxBenefit: true }),
      images: { name: 'camp.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = (await created.json()).data as { id: string; url: string };
  const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers });
  expect(launched.status(), await launched.text()).toBe(200);
  return { url, name };
}

test('a new donor gives to an 18A campaign, gets the receipt, downloads their data and deletes their account', async ({
  page,
  request,
}) => {
  test.slow();
  const campaign = await taxDeductibleCampaign(request);
  const donor = newPerson('Ayanda', `Khumalo${randomUUID().slice(0, 4).replace(/\d/g, 'x')}`);

  // 1. Sign up, confirm through the mailed link, log in, give R 250 through PayFast.
  await signUpInBrowser(page, donor);
  await verifyThroughOutbox(page, donor);
  await logInInBrowser(page, donor);
  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('button', { name: 'R 250', exact: true }).click();
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await expect(form.getByLabel('Email')).toHaveValue(donor.email);
  // 'Give anonymously' is unticked unless the donor ticks it.
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);

  // 2. The receipt, asked for on /thanks once the payment is confirmed, arrives as a PDF.
  const receiptForm = page.getByRole('form', { name: 'Ask for a Section 18A tax receipt' });
  await expect(receiptForm).toBeVisible({ timeout: 20_000 });
  await hydrated(page, receiptForm);
  await receiptForm.getByRole('textbox', { name: 'Full name' }).fill(`${donor.firstName} ${donor.lastName}`);
  await receiptForm.getByRole('textbox', { name: 'Number' }).fill('8001015009087');
  await receiptForm
    .getByRole('textbox', { name: 'Postal address' })
    .fill('12 Vilakazi Street, Orlando West, Soweto, 1804');
  await receiptForm.getByRole('button', { name: 'Get my receipt' }).click();
  await expect(
    page.getByText(new RegExp(`Receipt No\\. \\d+ sent to ${donor.email.replace(/\./g, '\\.')}`)),
  ).toBeVisible();
  await page.goto('/dev/outbox');
  await page
    .getByRole('row')
    .filter({ hasText: donor.email })
    .getByRole('link', { name: /Section 18A receipt/ })
    .click();
  const attachments = page.getByRole('region', { name: 'Attachments' });
  const pdfLink = attachments.getByRole('link', { name: /\.pdf$/ });
  await expect(pdfLink).toBeVisible();
  await expect(attachments).toContainText('application/pdf');
  const pdf = await request.get((await pdfLink.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // 3. Their data, from the profile.
  // The campaign is this test's own: its total is this gift.
  const before = await raisedCents(page, campaign.url);
  expect(before).toBe(25_000);
  await page.goto('/profile');
  const privacy = page.getByRole('region', { name: 'Your data and privacy' });
  await hydrated(page, privacy.getByRole('button', { name: 'Download my data' }));
  const downloading = page.waitForEvent('download');
  await privacy.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^letsema-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
  const data = JSON.parse(strFromU8(zip['data.json'] ?? new Uint8Array())) as {
    tables: Record<string, Record<string, unknown>[]>;
  };
  expect(data.tables.users?.[0]).toMatchObject({ email: donor.email, firstName: donor.firstName });
  expect(data.tables.donations).toEqual([
    expect.objectContaining({ firstName: donor.firstName, amount: '250.00', currency: 'ZAR' }),
  ]);
  expect(data.tables.donation_receipts).toEqual([
    expect.objectContaining({ donorTaxNumber: '8001015009087' }),
  ]);

  // 4. Delete the account: a wrong password is refused, the right one signs out and goes home.
  await privacy.getByLabel('Your password, to confirm').fill('not-my-password');
  await privacy.getByRole('button', { name: 'Delete my account' }).click();
  await privacy.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(privacy.getByText('That password is not right. Your account was not deleted.')).toBeVisible();
  await privacy.getByLabel('Your password, to confirm').fill(donor.password);
  await privacy.getByRole('button', { name: 'Delete my account' }).click();
  await privacy.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  // The campaign still counts the gift, now from 'Anonymous'.
  expect(await raisedCents(page, campaign.url)).toBe(before);
  const main = page.getByRole('main');
  await expect(main.getByText('Anonymous').first()).toBeVisible();
  await expect(main).not.toContainText(donor.lastName);
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { dismissToast, hydrated, logInInBrowser, newPerson, registerByApi } from './support/accounts';
import { demoUser } from './support/demo';

// The back office at /admin, as issue 12 tells it: a visitor and a signed-in user land on the 404
// page; the demo admin sees the queues with their counts, accepts one campaign's verification and
// rejects another's with a reason, publishes a new banner that the home page then shows, and finds
// those actions in the audit log.

type Envelope<T> = { data: T };

const pdf = {
  name: 'id.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
};

async function png() {
  const buffer = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 11, g: 110, b: 79 } },
  })
    .png()
    .toBuffer();
  return { name: 'team.png', mimeType: 'image/png', buffer };
}

/** A campaign of `token`'s owner with its verification (banking details and an ID) submitted. */
async function campaignAwaitingVerification(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/v1/campaigns/', {
    headers: auth,
    multipart: {
      name,
      story:
        '<p>Our netball team from Mthatha has qualified for the provincial finals, and we need help with transport.</p>',
      donationTarget: '25000',
      campaignCategory: '6',
      images: await png(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as Envelope<{ id: string }>).data;
  const verified = await request.patch(`/api/v1/campaigns/${id}/verification`, {
    headers: auth,
    multipart: {
      bankingDetails: JSON.stringify({
        accountHolderName: 'Sipho Admin-Test',
        idType: 1,
        idNumber: '8001015009087',
        accountNumber: '62845190273',
        bankCode: '250655',
        accountType: 0,
      }),
      identificationDocumentation: pdf,
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return id;
}

async function expectNotFoundPage(page: Page): Promise<void> {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/misc\/404$/);
  await expect(page.getByRole('heading', { name: "We couldn't find that page" })).toBeVisible();
}

test('only the admin gets in; she decides verifications, changes the banner and reads the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const owner = newPerson('Sipho', 'Ndlovu');
  await registerByApi(request, owner);
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: owner.email, password: owner.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = ((await login.json()) as Envelope<{ accessToken: string }>).data;
  const accepted = `Rain tanks for Qunu ${tag}`;
  const rejected = `Soccer kit for Mthatha ${tag}`;
  await campaignAwaitingVerification(request, accessToken, accepted);
  await campaignAwaitingVerification(request, accessToken, rejected);

  // A visitor, then a signed-in user who is not staff: the 404 page.
  await expectNotFoundPage(page);
  await logInInBrowser(page, owner);
  await expectNotFoundPage(page);

  // The admin.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInInBrowser(admin, demoUser('nomvula'));
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Back office' })).toBeVisible();
  const queueTabs = admin.getByRole('tablist', { name: 'Queues' });
  for (const name of ['Campaigns', 'Organisations', 'Banking details', 'Payouts', 'EFT donations'])
    await expect(queueTabs.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) })).toBeVisible();
  const campaignsTab = queueTabs.getByRole('tab', { name: /^Campaigns \(\d+\)$/ });
  const countBefore = Number((await campaignsTab.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(countBefore).toBeGreaterThanOrEqual(2);

  // Accept one.
  const queue = admin.getByRole('tabpanel', { name: /^Campaigns/ });
  const acceptedItem = queue.getByRole('listitem', { name: accepted });
  await acceptedItem.getByRole('button', { name: 'Accept' }).click();
  await acceptedItem
    .getByRole('form', { name: `Accept ${accepted}` })
    .getByRole('button', { name: 'Accept' })
    .click();
  await acceptedItem.getByRole('alertdialog').getByRole('button', { name: 'Yes, accept' }).click();
  await expect(admin.getByText('Verification accepted.')).toBeVisible();
  await expect(queue.getByRole('listitem', { name: accepted })).toHaveCount(0);
  await expect(campaignsTab).toHaveText(`Campaigns (${countBefore - 1})`);
  await dismissToast(admin, 'Verification accepted.');

  // Reject the other: a reason is required, and asked for again before it goes.
  const item = queue.getByRole('listitem', { name: rejected });
  await item.getByRole('button', { name: 'Reject' }).click();
  const reasonForm = item.getByRole('form', { name: `Reject ${rejected}` });
  await reasonForm.getByRole('button', { name: 'Reject' }).click();
  await expect(reasonForm.getByText('Please give a reason.')).toBeVisible();
  await reasonForm.getByLabel('Reason').fill('The ID document is unreadable; please upload a clear scan.');
  await reasonForm.getByRole('button', { name: 'Reject' }).click();
  await item.getByRole('alertdialog').getByRole('button', { name: 'Yes, reject' }).click();
  await expect(admin.getByText('Verification rejected.')).toBeVisible();
  await expect(queue.getByRole('listitem', { name: rejected })).toHaveCount(0);
  await expect(campaignsTab).toHaveText(`Campaigns (${countBefore - 2})`);

  // A new banner, which the home page shows.
  const sections = admin.getByRole('tablist', { name: 'Back office' });
  await sections.getByRole('tab', { name: 'Banner' }).click();
  const bannerForm = admin.getByRole('form', { name: 'Site banner' });
  await hydrated(admin, bannerForm);
  const message = `Maintenance tonight ${tag}`;
  await bannerForm
    .getByLabel('Message (HTML)')
    .fill(`<p><strong>${message}</strong><script>alert(1)</script></p>`);
  await bannerForm.getByRole('checkbox', { name: 'Show the banner' }).check();
  await bannerForm.getByRole('button', { name: 'Save banner' }).click();
  await expect(admin.getByText('Banner saved.')).toBeVisible();
  const preview = admin.getByTestId('banner-preview');
  await expect(preview).toHaveText(message);
  await expect(preview.locator('script')).toHaveCount(0);
  await page.goto('/home');
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText(message);

  // The audit log names both decisions and the banner, newest first.
  await sections.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.getByRole('table', { name: 'Audit log, newest first' });
  const entry = (action: string, about: string) =>
    log.getByRole('row').filter({ hasText: action }).filter({ hasText: about });
  await expect(entry('Accepted the campaign’s verification', accepted)).toContainText('admin@letsema.test');
  await expect(entry('Rejected the campaign’s verification', rejected)).toContainText('admin@letsema.test');
  await expect(entry('Changed the banner', message)).toContainText('Nomvula Dlamini');
  await context.close();
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, logInInBrowser } from './support/accounts';
import { raisedCents } from './support/campaignTotals';
import { demoUser } from './support/demo';
import { launchedRandCampaign } from './support/randCampaign';

// A guest gives R 200 through the PayFast simulator; the campaign's owner opens the editor's
// Donations tab on a phone, sees the gift with its fee and net, downloads the CSV and thanks the
// donor. The donor's thank-you arrives (the outbox), and no page or answer the owner's browser
// received ever held the donor's address.

test.use({ viewport: { width: 390, height: 844 } });

const owner = demoUser('kagiso');

interface Envelope<T> {
  data: T;
}

/** The guest's gift: R 200 by card at the PayFast simulator, as a visitor on a phone gives. */
async function guestGives(page: Page, campaign: { url: string; name: string }, email: string): Promise<void> {
  await page.goto(`/donation/${campaign.url}`);
  const form = page.getByRole('form', { name: `Donate to ${campaign.name}` });
  await hydrated(page, form);
  await form.getByRole('textbox', { name: 'Amount' }).fill('200');
  await form.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await form.getByRole('textbox', { name: 'First name' }).fill('Zanele');
  await form.getByRole('textbox', { name: 'Surname' }).fill('Khumalo');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  // 'Give anonymously' is unticked unless the donor ticks it.
  await expect(form.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  await form.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thanks\?donation=/);
}

test('an owner sees a guest’s gift with fee and net, exports the CSV and thanks the donor', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  // A fresh campaign of the owner's (kagiso), so the thank-you limits are its own.
  const campaign = await launchedRandCampaign(request);
  const donorAddress = `zanele.${randomUUID().slice(0, 8)}@example.co.za`;
  await guestGives(page, campaign, donorAddress);
  // PayFast's notification is booked asynchronously: wait until the gift counts.
  await expect
    .poll(() => raisedCents(page, campaign.url), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(20_000);
  await expect(page.getByTestId('people-given')).toHaveText('1 person has given');

  // The owner, in a browser of their own: every page and every answer it receives is kept.
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ownerPage = await ownerContext.newPage();
  const answers: Promise<string>[] = [];
  ownerPage.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (/json|html|csv|text/.test(type)) answers.push(response.text().catch(() => ''));
  });
  await logInInBrowser(ownerPage, owner);
  await ownerPage.goto(`/campaign/edit/${campaign.id}?tab=donations`);
  const panel = ownerPage.getByRole('tabpanel', { name: 'Donations' });
  await expect(panel.getByRole('heading', { name: 'Donations' })).toBeVisible();
  const gift = panel.getByRole('listitem').filter({ hasText: 'Zanele K.' });
  await expect(gift).toContainText('R 200.00');
  await expect(gift).toContainText('Fee R 0.00');
  await expect(gift).toContainText('Net R 200.00');
  await expect(panel.getByRole('definition').filter({ hasText: 'R 200.00' }).first()).toBeVisible();

  const downloading = ownerPage.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`donations-${campaign.url}.csv`);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Zanele K.');
  expect(csv).toContain('200.00,0.00,0.00,200.00,ZAR,Paid,Card (PayFast)');
  expect(csv).not.toContain(donorAddress);

  await gift.getByRole('button', { name: 'Thank Zanele K.' }).click();
  const message = panel.getByRole('textbox', { name: /Your message to Zanele K\./ });
  await message.fill('Thank you, Zanele! Sixty learners will walk to school in new shoes.');
  await panel.getByRole('button', { name: 'Send thank-you' }).click();
  await expect(ownerPage.getByText('Your message was sent.')).toBeVisible();

  // The donor's mail arrives, from the platform, with a way to stop further messages.
  await expect
    .poll(async () => {
      const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(donorAddress)}`);
      const mails = ((await outbox.json()) as Envelope<{ subject: string; text: string }[]>).data;
      return mails.find((mail) => mail.subject.startsWith('A thank-you from'))?.text ?? '';
    })
    .toContain('Sixty learners will walk to school in new shoes.');

  // The owner never saw the donor's address.
  const received = [...(await Promise.all(answers)), await ownerPage.content()];
  expect(received.length).toBeGreaterThan(3);
  for (const body of received) expect(body).not.toContain(donorAddress);
  await ownerContext.close();
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { PaymentGateway } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { hydrated, newPerson, type TestPerson } from './support/accounts';

// The page every gateway returns a donor to: an EFT donor learns where to
// transfer the money and with which reference; a broken link gets a way home.

const CAMPAIGN = (() => {
  const campaign = DEMO_CAMPAIGNS.find((c) => c.url === 'help-lwazi-walk-again');
  if (!campaign) throw new Error('The demo seed has no help-lwazi-walk-again campaign.');
  return campaign;
})();

/** The widget's answer to a captcha challenge, solved here as the browser would. */
async function captchaToken(request: APIRequestContext): Promise<string> {
  const challenge = await (await request.get('/api/v1/captcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha challenge not solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A visitor's once-off R 250 + R 30 tip donation to the demo campaign, made through the API. */
async function donateByApi(request: APIRequestContext, paymentMethod: number, donor: TestPerson) {
  const response = await request.post('/api/v1/donations', {
    data: {
      type: 0,
      currencyId: 1,
      amount: 250,
      tipOrAdminFeeAmount: 30,
      paymentMethod,
      firstName: donor.firstName,
      lastName: donor.lastName,
      email: donor.email,
      anonymous: false,
      campaignUrl: CAMPAIGN.url,
      recaptchaToken: await captchaToken(request),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data;
}

test('an EFT donor sees the bank details, the reference and the amount to pay on /thanks', async ({
  page,
  request,
}) => {
  const donor = newPerson('Palesa', 'Mahlangu');
  const donation = await donateByApi(request, PaymentGateway.EFT, donor);
  const bank = donation.transactionInfo.bankingDetails;

  await page.goto(`/thanks?donation=${encodeURIComponent(donation.jwtTokenStringDonationId)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: CAMPAIGN.name })).toHaveAttribute(
    'href',
    `/campaign/${CAMPAIGN.url}`,
  );
  await expect(page.getByRole('status').filter({ hasText: 'bank transfer' })).toHaveText(
    'Please pay by bank transfer (EFT) using the details below.',
  );

  const details = page.getByRole('region', { name: 'Bank details for your transfer' });
  for (const text of [
    'R 280.00',
    donation.transactionInfo.referenceNumber,
    bank.bankName,
    bank.accountName,
    bank.accountNumber,
    bank.branchNumber,
  ]) {
    await expect(details).toContainText(text);
  }
  await expect(page.getByText(CAMPAIGN.thankYou)).toBeVisible();

  const share = page.getByRole('region', { name: /^Tell your friends/ });
  await expect(share.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=.*help-lwazi-walk-again/,
  );
  await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute('href', /^mailto:/);
  await expect(share.getByRole('textbox', { name: 'Campaign link' })).toHaveValue(
    /\/campaign\/help-lwazi-walk-again$/,
  );
});

test('a card donor waiting on /thanks sees the payment confirmed as it settles', async ({
  page,
  context,
  request,
}) => {
  const donor = newPerson('Sizwe', 'Khumalo');
  const donation = await donateByApi(request, PaymentGateway.PayFast, donor);
  await page.goto(`/thanks?donation=${encodeURIComponent(donation.jwtTokenStringDonationId)}`);
  const status = page.getByRole('main').getByRole('status');
  await expect(status).toHaveText('We are waiting for the payment to be confirmed…');
  await hydrated(page, page.getByRole('heading', { level: 1, name: 'Thank you for your donation' }));

  // The donor pays on the PayFast simulator in another tab, as the donation form would send them.
  const gateway = await context.newPage();
  await gateway.goto('/home');
  await gateway.evaluate(({ action, fields }: { action: string; fields: Record<string, string> }) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = action;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, donation.transactionInfo.paymentForm);
  await gateway.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(gateway).toHaveURL(/\/thanks\?donation=/);

  // Back on the first tab, which kept asking: the status turns without a reload.
  await page.bringToFront();
  await expect(status).toHaveText('Payment received. Thank you!');
  await expect(page.getByText(`We have emailed your receipt to ${donor.email}.`)).toBeVisible();
});

test('a /thanks link without a valid donation says so and leads home', async ({ page }) => {
  for (const path of ['/thanks', '/thanks?donation=not-a-real-token']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find this donation' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
  }
});

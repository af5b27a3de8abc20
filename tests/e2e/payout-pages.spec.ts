import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, logInInBrowser, newPerson, registerByApi, verifyThroughOutbox } from './support/accounts';
import { demoUser } from './support/demo';

// A campaign owner with a donation opens the campaign's payout page from My Campaigns: the
// funds are listed, and a request before staff accepted the banking details is refused with
// what to do. Once an admin accepts them, the request goes through and is listed as pending.

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/authentication/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.accessToken;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('an owner sees the funds, is told to wait for banking approval, then requests a payout', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = newPerson('Ayanda', 'Zulu');
  const name = `Ayanda's bakery oven ${owner.email.slice(7, 15)}`;
  await registerByApi(request, owner);
  await verifyThroughOutbox(page, owner);
  const ownerToken = await tokenOf(request, owner.email, owner.password);

  // A launched campaign with banking details waiting for review.
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#1b998b' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers: bearer(ownerToken),
    multipart: {
      name,
      story: '<p>A second-hand oven lets Ayanda bake bread for the whole street every morning.</p>',
      donationTarget: '20000',
      campaignCategory: '14',
      images: { name: 'oven.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign: { id: string; url: string } = (await created.json()).data;
  const launched = await request.patch(`/api/v1/campaigns/${campaign.id}/launch`, {
    headers: bearer(ownerToken),
  });
  expect(launched.status(), await launched.text()).toBe(200);
  const verified = await request.patch(`/api/v1/campaigns/${campaign.id}/verification`, {
    headers: bearer(ownerToken),
    multipart: {
      bankingDetails: JSON.stringify({
        accountHolderName: 'Ayanda Zulu',
        idType: 1,
        idNumber: '8001015009087',
        accountNumber: '62845190273',
        bankCode: '250655',
        accountType: 0,
      }),
      identificationDocumentation: {
        name: 'id.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% id\n%%EOF\n'),
      },
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const bankingId: string = (await verified.json()).data.bankingDetail.id;

  // A R 250 EFT donation that the admin marks received.
  const admin = demoUser('nomvula');
  const adminToken = await tokenOf(request, admin.email, admin.password);
  const donation = await request.post('/api/v1/donations/logged-in', {
    headers: bearer(adminToken),
    data: {
      type: 0,
      currencyId: 1,
      amount: 250,
      tipOrAdminFeeAmount: 0,
      paymentMethod: 0,
      firstName: 'Nomvula',
      lastName: 'Dlamini',
      email: admin.email,
      mobileNumber: '0821234567',
      anonymous: false,
      displayName: '',
      comment: '',
      campaignUrl: campaign.url.split('/').filter(Boolean).pop(),
    },
  });
  expect(donation.status(), await donation.text()).toBe(201);
  const donationId: string = (await donation.json()).data.id;
  const received = await request.post(`/api/v1/donations/${donationId}/eft-received`, {
    headers: bearer(adminToken),
    data: { amount: 250 },
  });
  expect(received.status(), await received.text()).toBe(200);

  // My Campaigns leads to the payout page.
  await logInInBrowser(page, owner);
  await page.goto('/profile?tab=2');
  const card = page
    .getByRole('list', { name: 'Your campaigns' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await card.getByRole('link', { name: `Request a payout from ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/payout/campaign/${campaign.id}$`));

  const funding = page.getByRole('definition').filter({ hasText: 'R' });
  await expect(page.getByLabel('Funding')).toContainText('Received');
  await expect(funding.first()).toHaveText('R 250.00');
  await expect(page.getByText('Your banking details are waiting for review.')).toBeVisible();
  await expect(page.getByText('No payouts have been requested yet.')).toBeVisible();

  // Before the banking details are accepted: refused, saying what to do.
  const form = page.getByRole('form', { name: 'Request a payout' });
  await hydrated(page, form);
  await form.getByLabel('Amount').fill('300');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(form.getByText('You can request at most')).toBeVisible();
  // Below the minimum payout (R 100 from a running campaign): said under the amount.
  await form.getByLabel('Amount').fill('99.99');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(form.getByText('The minimum payout is R 100')).toBeVisible();
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Description').fill('Deposit on the oven');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(form.getByRole('alert')).toContainText('have not been approved yet');

  // The admin accepts them; the request now goes through and is listed as pending.
  const accepted = await request.patch(`/api/v1/admin/banking-details/${bankingId}`, {
    headers: bearer(adminToken),
    data: { accepted: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Banking details accepted')).toBeVisible();
  await hydrated(page, form);
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Description').fill('Deposit on the oven');
  await form.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout requested successfully.')).toBeVisible();
  const payouts = page.getByRole('list', { name: 'Payouts' });
  await expect(payouts.getByRole('listitem')).toHaveCount(1);
  await expect(payouts.getByRole('listitem').first()).toContainText('R 100.00');
  await expect(payouts.getByRole('listitem').first()).toContainText('Pending');
  await expect(payouts.getByRole('listitem').first()).toContainText('Deposit on the oven');
  await expect(form.getByLabel('Amount')).toHaveValue('');
});

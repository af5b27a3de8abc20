import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { hydrated, logInInBrowser, newPerson, registerByApi, verifyThroughOutbox } from './support/accounts';
import { demoUser } from './support/demo';

// The back office's other tools, as issue 12 lists them: staff find a campaign and hide it (the
// public page is gone), show it again, feature it and close it with a reason; mark an EFT
// transfer received (the campaign's total rises by exactly the gift); and add an event that
// campaigns can then choose. Runs with the site-wide specs: featuring changes the home page.

type Envelope<T> = { data: T };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const login = await request.post('/api/v1/authentication/login/', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

async function raisedOn(request: APIRequestContext, url: string): Promise<number> {
  const res = await request.get(`/api/v1/campaigns/short/${url}?idType=0`);
  return ((await res.json()) as Envelope<{ donationsReceivedTotal: number }>).data.donationsReceivedTotal;
}

test('staff hide, show, feature and close a campaign, reconcile an EFT transfer and add an event', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const name = `Library shelves for Ntuzuma ${tag}`;
  const owner = newPerson('Ayanda', 'Zulu');
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
      story:
        '<p>The new school library in Ntuzuma has books but nowhere to put them. Help us build shelves.</p>',
      donationTarget: '15000',
      campaignCategory: '5',
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, url } = ((await created.json()) as Envelope<{ id: string; url: string }>).data;
  const launched = await request.patch(`/api/v1/campaigns/${id}/launch`, { headers: bearer(ownerToken) });
  expect(launched.status(), await launched.text()).toBe(200);

  // A donor pledges R 250 by EFT: it waits in the EFT queue under its reference.
  const donor = newPerson('Sizwe', 'Mthembu');
  await registerByApi(request, donor);
  const donorToken = await tokenOf(request, donor.email, donor.password);
  const pledged = await request.post('/api/v1/donations/logged-in', {
    headers: bearer(donorToken),
    data: {
      type: 0,
      currencyId: 1,
      amount: 250,
      tipOrAdminFeeAmount: 0,
      paymentMethod: 0,
      firstName: donor.firstName,
      lastName: donor.lastName,
      email: donor.email,
      mobileNumber: '0821234567',
      anonymous: false,
      displayName: '',
      comment: '',
      campaignUrl: url,
    },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  const reference = ((await pledged.json()) as Envelope<{ transactionInfo: { referenceNumber: string } }>)
    .data.transactionInfo.referenceNumber;
  const raisedBefore = await raisedOn(request, url);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInInBrowser(admin, demoUser('nomvula'));
  await admin.goto('/admin');
  const sections = admin.getByRole('tablist', { name: 'Back office' });
  await hydrated(admin, sections);

  // EFT: the transfer is marked received and the campaign's total rises by exactly R 250.
  await admin
    .getByRole('tablist', { name: 'Queues' })
    .getByRole('tab', { name: /^EFT donations/ })
    .click();
  const transfer = admin.getByRole('listitem', {
    name: `${donor.firstName} ${donor.lastName}, reference ${reference}`,
  });
  await transfer.getByRole('button', { name: 'Mark received' }).click();
  await expect(admin.getByText('Donation marked as received.')).toBeVisible();
  await expect(transfer).toHaveCount(0);
  expect(await raisedOn(request, url)).toBe(raisedBefore + 250);

  // Search: find the campaign, hide it (its page is gone for visitors), show it again.
  await sections.getByRole('tab', { name: 'Search' }).click();
  const search = admin.getByRole('form', { name: 'Back office search' });
  await search.getByLabel('Name, email or reference').fill(tag);
  await search.getByRole('button', { name: 'Search' }).click();
  const hit = admin.getByRole('list', { name: 'Campaigns found' }).getByRole('listitem', { name });
  await hit.getByRole('button', { name: 'Hide' }).click();
  await expect(hit.getByRole('button', { name: 'Show' })).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/campaign/${url}`);
  await expect(visitorPage).toHaveURL(/\/misc\/404$/);
  await hit.getByRole('button', { name: 'Show' }).click();
  await expect(hit.getByRole('button', { name: 'Hide' })).toBeVisible();
  await visitorPage.goto(`/campaign/${url}`);
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(name);

  // Feature it, then close it with a reason: the public page says it is closed.
  await hit.getByRole('button', { name: 'Feature' }).click();
  await expect(hit).toContainText('Featured');
  await hit.getByRole('button', { name: 'Close' }).click();
  const closeForm = hit.getByRole('form', { name: `Close ${name}` });
  await closeForm.getByLabel('Reason').selectOption({ index: 1 });
  await closeForm.getByRole('button', { name: 'Close campaign' }).click();
  await hit.getByRole('alertdialog').getByRole('button', { name: 'Yes, close it' }).click();
  await expect(hit).toContainText('Closed');
  await visitorPage.goto(`/campaign/${url}`);
  await expect(visitorPage.getByText(/This campaign is closed/)).toBeVisible();
  await visitor.close();

  // Lookups: a new event, which the public events list offers campaigns at once.
  const eventName = `Comrades Marathon ${tag}`;
  await sections.getByRole('tab', { name: 'Events and close reasons' }).click();
  await admin.getByRole('button', { name: 'Add an event' }).click();
  const eventForm = admin.getByRole('form', { name: 'Add an event' });
  await eventForm.getByLabel('Event name').fill(eventName);
  await eventForm.getByRole('button', { name: 'Save event' }).click();
  await expect(admin.getByText('Event saved.')).toBeVisible();
  const events = await request.get('/api/v1/events/');
  const names = ((await events.json()) as Envelope<{ name: string }[]>).data.map((e) => e.name);
  expect(names).toContain(eventName);
  await context.close();
});

import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  logInInBrowser,
  newPerson,
  onThisServer,
  registerByApi,
  type TestPerson,
} from './support/accounts';
import { raisedCents } from './support/campaignTotals';

// Issue 22, on a phone: a champion accepts an invitation that names the organisation, the inviter
// and the role; starts "a campaign for" the organisation, pre-selected; reads who is paid on the
// review step and in the launch confirmation; launches. The public page calls it a champion
// campaign for the organisation, a guest gives through the PayFast simulator, and the
// organisation's funding lists the campaign. "Start campaign" then opens an empty form.

test.use({ viewport: { width: 390, height: 844 } });

type Envelope<T> = { data: T; meta: { message?: string } };

/** Screenshots for a person to look at, when SHOTS_DIR is set (never in CI). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function png(name: string) {
  const buffer = await sharp({
    create: { width: 800, height: 450, channels: 3, background: { r: 27, g: 153, b: 139 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Confirms the address through the mailed token and logs in through the API. */
async function verifiedToken(request: APIRequestContext, person: TestPerson): Promise<string> {
  const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(person.email)}`);
  const mails = ((await outbox.json()) as Envelope<{ links: string[] }[]>).data;
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('/auth/verify?'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no verification mail for ${person.email}`);
  const verified = await request.patch('/api/v1/authentication/verify-user/', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: person.email, password: person.password },
  });
  return ((await login.json()) as Envelope<{ accessToken: string }>).data.accessToken;
}

test('a champion raises funds for the organisation that invited them, and a guest gives', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const legalName = `Themba Care Foundation NPC ${tag}`;
  const campaignName = `Winter blankets for Themba ${tag}`;

  // Thandi Mokoena registers the organisation and invites a champion (through the API).
  const thandi = newPerson('Thandi', 'Mokoena');
  await registerByApi(request, thandi);
  const ownerToken = await verifiedToken(request, thandi);
  const headers = { authorization: `Bearer ${ownerToken}` };
  const registered = await request.post('/api/v1/organizations/', {
    headers,
    multipart: {
      legalName,
      organizationTypeId: '1',
      organizationSectors: JSON.stringify([2]),
      briefDescription: '<p>We care for older people in Soweto with meals, visits and warm clothes.</p>',
      mainContactPerson: JSON.stringify({
        firstName: 'Thandi',
        lastName: 'Mokoena',
        phone: '+27821234567',
        email: thandi.email,
      }),
      address: JSON.stringify({
        addressLine1: '12 Vilakazi Street',
        city: 'Soweto',
        province: 'Gauteng',
        country: 'South Africa',
      }),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const organisation = ((await registered.json()) as Envelope<{ id: string }>).data;

  const sipho = newPerson('Sipho', 'Ndlovu');
  await registerByApi(request, sipho);
  await verifiedToken(request, sipho);
  const invited = await request.patch('/api/v1/team-members', {
    headers,
    data: {
      organizationId: organisation.id,
      firstName: sipho.firstName,
      lastName: sipho.lastName,
      email: sipho.email,
      mobileNumber: '+27825550101',
      organizationPositionId: 16,
      userRole: 3,
      mainContactPerson: false,
    },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(sipho.email)}`);
  const link = ((await outbox.json()) as Envelope<{ links: string[] }[]>).data
    .flatMap((m) => m.links)
    .find((l) => l.includes('/auth/invitation?'));
  if (!link) throw new Error('no invitation mail for the champion');
  const sentence = `Thandi Mokoena invited you to be a Champion of ${legalName}.`;

  // Signed out, the link leads to the login page, which says what the invitation is.
  await page.goto(onThisServer(link));
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByTestId('invitation-sentence')).toHaveText(sentence);
  await shot(page, '1-login-invitation');
  await logInInBrowser(page, sipho, { goto: false });
  await expect(page).toHaveURL(/\/auth\/invitation\?token=/);
  await expect(page.getByTestId('invitation-sentence')).toHaveText(sentence);
  await shot(page, '2-invitation-page');
  const accept = page.getByRole('button', { name: 'Accept invitation' });
  await hydrated(page, accept);
  await accept.click();
  await expect(page.getByText(`You are now a champion of ${legalName}.`)).toBeVisible();
  await page.getByRole('link', { name: `Start a campaign for ${legalName}` }).click();

  // The start form: "For an organisation", with the organisation already chosen.
  const form = page.getByRole('form', { name: 'Campaign details' });
  const forOrganisation = form.getByRole('radio', { name: /For an organisation/ });
  await hydrated(page, forOrganisation);
  await expect(forOrganisation).toBeChecked();
  const picker = form.getByRole('combobox', { name: 'Organisation', exact: true });
  await expect(picker).toHaveValue(organisation.id);
  await expect(form.getByText(`Paid out to ${legalName}'s verified account.`)).toBeVisible();
  await shot(page, '3-start-form');

  await form.getByLabel('Campaign name').fill(campaignName);
  await form
    .getByLabel('Category', { exact: true })
    .selectOption({ label: 'Social Welfare/Community Development Support' });
  await form.getByLabel('Donation target').fill('15 000');
  await form.getByRole('button', { name: 'Next: Story' }).click();
  await form.getByRole('textbox', { name: 'Your story' }).click();
  await page.keyboard.type(
    'Every winter our gogos need blankets. Each R 250 buys one warm blanket for a gogo in Soweto.',
  );
  await form.getByRole('button', { name: 'Next: Media' }).click();
  await form.getByLabel('Choose images').setInputFiles([await png('blankets.png')]);
  await form
    .getByRole('navigation', { name: 'Campaign steps' })
    .getByRole('button', { name: /Review/ })
    .click();

  // Review: who is paid, in words; then the launch confirmation says it again.
  const payee = `Paid out to ${legalName}'s verified account`;
  await expect(form.getByTestId('review-payee')).toHaveText(payee);
  await shot(page, '4-review');
  await form.getByRole('button', { name: 'Launch campaign' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Launch “${campaignName}” now?` });
  await expect(confirm.getByText(`${payee}.`)).toBeVisible();
  await shot(page, '5-launch-confirmation');
  await confirm.getByRole('button', { name: 'Yes, launch it' }).click();
  await expect(page.getByText('Campaign launched successfully!')).toBeVisible();
  await dismissToast(page, 'Campaign launched successfully!');

  // One state after the launch, without a reload: live, and no Launch button any more.
  await expect(page.getByText('Your campaign is live.')).toBeVisible();
  await expect(page.getByText('Draft · not launched')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Launch campaign' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/campaign\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit campaign');
  await shot(page, '6-launched');
  const publicPath = await page.getByRole('link', { name: 'View campaign page' }).getAttribute('href');
  expect(publicPath).toMatch(/^\/campaign\/[a-z0-9-]+$/);

  // The public page: a champion campaign for the organisation.
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto(publicPath ?? '/');
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(campaignName);
  await expect(guest.getByRole('img', { name: 'Champion campaign' }).first()).toBeVisible();
  await expect(guest.getByRole('link', { name: legalName }).first()).toBeVisible();

  // A guest gives R 250 through the PayFast simulator.
  const campaignUrl = (publicPath ?? '').replace('/campaign/', '');
  const before = await raisedCents(guest, campaignUrl);
  await guest.getByRole('link', { name: 'Donate', exact: true }).click();
  const donation = guest.getByRole('form', { name: `Donate to ${campaignName}` });
  await hydrated(guest, donation);
  await donation.getByRole('button', { name: 'R 250', exact: true }).click();
  await donation.getByRole('radio', { name: /^Card \(PayFast\)/ }).check();
  await donation.getByRole('textbox', { name: 'First name' }).fill('Lerato');
  await donation.getByRole('textbox', { name: 'Surname' }).fill('Khumalo');
  await donation.getByRole('textbox', { name: 'Email' }).fill(`lerato.${tag}@example.co.za`);
  // 'Give anonymously' is unticked unless the donor ticks it.
  await expect(donation.getByRole('checkbox', { name: 'Give anonymously' })).not.toBeChecked();
  await donation.getByRole('button', { name: 'Donate now' }).click();
  await expect(guest).toHaveURL(/\/sandbox\/payfast\/eng\/process/);
  await guest.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(guest).toHaveURL(/\/thanks\?donation=/);
  await expect
    .poll(() => raisedCents(guest, campaignUrl), { timeout: 20_000, intervals: [250, 500, 1000] })
    .toBe(before + 25_000);
  await guestContext.close();

  // The organisation's funding lists the champion's campaign.
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const owner = await ownerContext.newPage();
  await logInInBrowser(owner, thandi);
  await owner.goto(`/payout/organization/${organisation.id}`);
  await expect(owner.getByText(campaignName).first()).toBeVisible();
  await ownerContext.close();

  // "Start campaign" now opens an empty form, not the launched campaign; even when this browser
  // still remembers the launched campaign as its draft (as before issue 22), the server says it is live.
  const launchedId = /\/campaign\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  await page.evaluate(
    ({ id, path }) =>
      window.localStorage.setItem(
        'campaignCreation',
        JSON.stringify({ creation: null, details: { id, path } }),
      ),
    { id: launchedId, path: campaignUrl },
  );
  await page.goto('/campaign/start');
  const fresh = page.getByRole('form', { name: 'Campaign details' });
  await hydrated(page, fresh);
  await expect(fresh.getByLabel('Campaign name')).toHaveValue('');
  await expect(page.getByText('New · not saved yet')).toBeVisible();
  await expect(page).toHaveURL(/\/campaign\/start$/);
});

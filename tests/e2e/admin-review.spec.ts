import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
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

// Issue 22, "staff decide on evidence": the admin opens an organisation's review, opens its
// certificate and reads its banking details, and accepts the organisation (confirming). Its
// banking details stay pending until she accepts them on their own. A payout item shows the
// account the money goes to, and she accepts it and marks it paid.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (value: unknown) => JSON.stringify(value);
const pdf = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << >>\n%%EOF\n`),
});
/** An account number no other test gives. */
const accountNumber = () => `6${Date.now().toString().slice(-9)}`;

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/authentication/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.accessToken;
}

/** A new person with a confirmed address, and their token. */
async function confirmedPerson(page: Page, request: APIRequestContext, firstName: string, lastName: string) {
  const person = newPerson(firstName, lastName);
  await registerByApi(request, person);
  await verifyThroughOutbox(page, person);
  return { person, token: await tokenOf(request, person.email, person.password) };
}

/** An organisation that sent its questionnaire, certificate and banking details. */
async function organisationAwaitingVerification(
  page: Page,
  request: APIRequestContext,
  legalName: string,
  account: string,
): Promise<void> {
  const { person, token } = await confirmedPerson(page, request, 'Nomsa', 'Dlamini');
  const created = await request.post('/api/v1/organizations/', {
    headers: bearer(token),
    multipart: {
      legalName,
      organizationTypeId: '1',
      organizationSectors: json([2]),
      briefDescription: '<p>We run a soup kitchen and an after-school club in Qonce, every weekday.</p>',
      mainContactPerson: json({
        firstName: 'Nomsa',
        lastName: 'Dlamini',
        phone: '+27821234567',
        email: person.email,
      }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data as { id: string };
  const submitted = await request.patch(`/api/v1/organizations/${id}/verification`, {
    headers: bearer(token),
    multipart: {
      verification: json({
        hasFulltimeStaff: true,
        hasCrowdfundedBefore: false,
        hasUsedEventsBefore: false,
        recievesSupport: false,
        helpRequired: 'Reaching donors outside the Eastern Cape.',
        regularNumberOfDonors: 'About 40',
      }),
      bankingDetails: json({
        accountHolderName: legalName,
        idType: 3,
        idNumber: '2019/123456/08',
        accountNumber: account,
        bankCode: '470010',
        accountType: 2,
      }),
      legalDocument: pdf('npo-certificate.pdf', 'NPO certificate'),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** A campaign with R 500 received, its owner's banking details accepted and a R 200 payout requested. */
async function payoutRequested(
  page: Page,
  request: APIRequestContext,
  adminToken: string,
  name: string,
  account: string,
) {
  const { token } = await confirmedPerson(page, request, 'Lindiwe', 'Khumalo');
  const image = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const created = await request.post('/api/v1/campaigns/', {
    headers: bearer(token),
    multipart: {
      name,
      story: '<p>Every rand raised here goes where the campaign says, and staff check each payout.</p>',
      donationTarget: '20000',
      campaignCategory: '6',
      images: { name: 'cover.png', mimeType: 'image/png', buffer: image },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign: { id: string; url: string } = (await created.json()).data;
  expect(
    (await request.patch(`/api/v1/campaigns/${campaign.id}/launch`, { headers: bearer(token) })).status(),
  ).toBe(200);
  await countedEftGift(request, adminToken, campaign.url, 500);
  const verified = await request.patch(`/api/v1/campaigns/${campaign.id}/verification`, {
    headers: bearer(token),
    multipart: {
      bankingDetails: json({
        accountHolderName: 'Lindiwe Khumalo',
        idType: 1,
        idNumber: '8001015009087',
        accountNumber: account,
        bankCode: '250655',
        accountType: 0,
      }),
      identificationDocumentation: pdf('lindiwe-id.pdf', 'ID document'),
    },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const view = await request.get(`/api/v1/campaigns/${campaign.id}`, { headers: bearer(token) });
  const bankingId: string = (await view.json()).data.bankingDetail.id;
  const accepted = await request.patch(`/api/v1/admin/banking-details/${bankingId}`, {
    headers: bearer(adminToken),
    data: { accepted: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const payout = await request.post('/api/v1/payouts/', {
    headers: bearer(token),
    data: { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 200 }], description: 'Netball kit' },
  });
  expect(payout.status(), await payout.text()).toBe(201);
}

/** Opens a queue of /admin afresh and answers its panel. */
async function openQueue(admin: Page, label: string): Promise<Locator> {
  await admin.goto('/admin');
  const tab = admin
    .getByRole('tablist', { name: 'Queues' })
    .getByRole('tab', { name: new RegExp(`^${label} \\(`) });
  await hydrated(admin, tab);
  await tab.click();
  return admin.getByRole('tabpanel', { name: new RegExp(`^${label}`) });
}

/** Accepts the item: the Accept button opens the note, whose Accept asks for confirmation. */
async function accept(item: Locator, note = ''): Promise<void> {
  await item.getByRole('button', { name: 'Accept' }).click();
  const form = item.getByRole('form', { name: /^Accept / });
  if (note) await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Accept' }).click();
  await item.getByRole('alertdialog').getByRole('button', { name: 'Yes, accept' }).click();
}

test('the admin decides an organisation, then its banking details, then pays a payout, each on its evidence', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const legalName = `Qonce Review Trust ${tag}`;
  const campaignName = `Netball kit for Umlazi ${tag}`;
  const orgAccount = accountNumber();
  const payoutAccount = `${orgAccount.slice(0, -1)}7`;
  const nomvula = demoUser('nomvula');
  const adminToken = await tokenOf(request, nomvula.email, nomvula.password);
  await organisationAwaitingVerification(page, request, legalName, orgAccount);
  await payoutRequested(page, request, adminToken, campaignName, payoutAccount);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInInBrowser(admin, nomvula);

  // The organisation's evidence: the certificate opens, the banking details are there in full.
  const organisations = await openQueue(admin, 'Organisations');
  const item = organisations.getByRole('listitem', { name: legalName });
  await item.getByRole('button', { name: 'Review evidence' }).click();
  const evidence = item.getByRole('region', { name: 'Evidence' });
  await expect(evidence).toContainText('Help required');
  await expect(evidence).toContainText('Organisation registration number');
  const banking = evidence.getByRole('definition').filter({ hasText: orgAccount });
  await expect(banking).toBeVisible();
  await expect(evidence).toContainText('No signals');
  const download = admin.waitForEvent('download');
  await evidence.getByRole('button', { name: /^Open Legal document/ }).click();
  expect((await download).suggestedFilename()).toBe('npo-certificate.pdf');

  // Accept the organisation, confirming, with a note.
  await accept(item, 'Certificate matches the NPO register.');
  await expect(admin.getByText('Verification accepted.')).toBeVisible();
  await dismissToast(admin, 'Verification accepted.');
  await expect(organisations.getByRole('listitem', { name: legalName })).toHaveCount(0);

  // Its banking details still wait for their own decision.
  const bankingQueue = await openQueue(admin, 'Banking details');
  const details = bankingQueue.getByRole('listitem').filter({ hasText: `For ${legalName}` });
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Review evidence' }).click();
  await expect(details.getByRole('region', { name: 'Evidence' })).toContainText('Pending');
  await accept(details);
  await expect(admin.getByText('Banking details accepted.')).toBeVisible();
  await dismissToast(admin, 'Banking details accepted.');
  await expect(bankingQueue.getByRole('listitem').filter({ hasText: `For ${legalName}` })).toHaveCount(0);

  // The payout shows where the money goes; accepted, then marked paid.
  const payouts = await openQueue(admin, 'Payouts');
  const payout = payouts.getByRole('listitem', { name: campaignName });
  await payout.getByRole('button', { name: 'Review evidence' }).click();
  const payoutEvidence = payout.getByRole('region', { name: 'Evidence' });
  await expect(payoutEvidence.getByRole('heading', { name: 'Destination account' })).toBeVisible();
  await expect(payoutEvidence).toContainText(payoutAccount);
  await expect(payoutEvidence).toContainText('Lindiwe Khumalo');
  await accept(payout);
  await expect(admin.getByText('Payout accepted.')).toBeVisible();
  await dismissToast(admin, 'Payout accepted.');
  await expect(payout).toContainText('Accepted, awaiting payment');
  await payout.getByRole('button', { name: 'Mark paid' }).click();
  const paid = payout.getByRole('form', { name: `Mark ${campaignName} paid` });
  await paid.getByLabel('Bank reference').fill(`FNB-${tag}`);
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Payout marked as paid.')).toBeVisible();
  await expect(payouts.getByRole('listitem', { name: campaignName })).toHaveCount(0);
  await context.close();
});

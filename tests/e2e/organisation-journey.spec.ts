import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  dismissToast,
  hydrated,
  logInInBrowser,
  newPerson,
  onThisServer,
  registerByApi,
  verifyThroughOutbox,
} from './support/accounts';

// A new charity, as issue 11 tells it: registers its organisation with a logo through the steps,
// finds "My Organisation" in the menu without logging in again, submits verification with banking
// details and a legal document (status Pending), and invites a champion by email. The champion
// accepts through the mailed link and launches a campaign for the organisation. Signed out, the
// organisation's public page lists that campaign and the champion, and the Organisations tab of
// /find-campaign finds the organisation by a word of its description.

type Envelope<T> = { data: T; meta: { message?: string } };

/** A plain-colour PNG, made here so the test needs no binary fixtures. */
async function png(name: string) {
  const buffer = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 11, g: 110, b: 79 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The smallest file the server takes as a PDF (it checks the leading bytes). */
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

test('a charity registers, is verified, and its champion raises funds for it in public', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const person = newPerson('Nomsa', 'Dlamini');
  const tag = person.email.slice(6, 14);
  const legalName = `Ikhaya Reading Trust ${tag}`;
  // A word only this organisation's description has, for the search at the end.
  const descriptionWord = `ikhaya${tag}`;
  await registerByApi(request, person);
  await logInInBrowser(page, person);

  // Before: the menu offers to register one.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Register Organisation' }).click();
  await expect(page).toHaveURL(/\/organization\/register$/);

  // 1 Organisation.
  const form = page.getByRole('form', { name: 'Organisation details' });
  await hydrated(page, form);
  await form.getByLabel('Legal name').fill(legalName);
  await form.getByLabel('Type of organisation').selectOption({ label: 'Non-Profit Organisation (NPO)' });
  await form.getByRole('checkbox', { name: 'Education', exact: true }).check();
  await form.getByLabel('Keywords').fill('reading, libraries');
  await form.getByRole('button', { name: 'Next: About' }).click();

  // 2 About: a description (too short first) and a logo.
  await expect(form.getByRole('heading', { name: /About$/ })).toBeFocused();
  const description = form.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Books.');
  await form.getByRole('button', { name: 'Next: Contact' }).click();
  await expect(form.getByText('Please describe your organisation in at least 30 characters.')).toBeVisible();
  await description.click();
  await page.keyboard.type(` We run ${descriptionWord} reading clubs and small libraries in Soweto schools.`);
  await form.getByLabel('Choose a logo').setInputFiles([await png('ikhaya-logo.png')]);
  await expect(form.getByRole('img', { name: 'ikhaya-logo.png' })).toBeVisible();
  await form.getByRole('button', { name: 'Next: Contact' }).click();

  // 3 Contact: the main contact person.
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Surname').fill(person.lastName);
  await form.getByLabel('Contact email').fill(person.email);
  await form.getByRole('button', { name: 'Next: Certificate and review' }).click();

  // 4 Review, then register.
  await expect(form.getByText(legalName)).toBeVisible();
  await form.getByRole('button', { name: 'Register organisation' }).click();
  await expect(page.getByText('Organisation created successfully')).toBeVisible();
  await dismissToast(page, 'Organisation created successfully');
  await expect(page).toHaveURL(/\/organization\/edit\/[0-9a-f-]{36}\?tab=verification$/);
  await expect(page.getByRole('link', { name: 'View public page' })).toHaveAttribute(
    'href',
    /^\/organization\/[a-z0-9-]+$/,
  );

  // The menu follows at once: no new login.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'My Organisation' })).toHaveAttribute(
    'href',
    /\/organization\/edit\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByRole('link', { name: 'Register Organisation' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Verification: a question, the legal document and the banking details.
  await expect(page.getByRole('tab', { name: 'Verification' })).toHaveAttribute('aria-selected', 'true');
  const verification = page.getByRole('form', { name: 'Organisation verification' });
  await verification
    .getByRole('group', { name: 'Does your organisation have full-time staff?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await verification.getByLabel('Legal document').setInputFiles([pdf('npo-certificate.pdf')]);
  await verification.getByLabel("Account holder's name").fill(legalName);
  await verification.getByLabel('ID type').selectOption({ label: 'Organisation registration number' });
  await verification.getByLabel('ID number').fill('2019/123456/08');
  await verification.getByLabel('Bank', { exact: true }).selectOption({ label: 'ABSA Bank' });
  await expect(verification.getByLabel('Branch code')).toHaveValue('632005');
  await verification.getByLabel('Account number').fill('62845190273');
  await verification.getByLabel('Account type').selectOption({ label: 'Cheque' });
  await verification.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page.getByText('Organisation verification submitted successfully.')).toBeVisible();
  await dismissToast(page, 'Organisation verification submitted successfully.');
  await expect(page.getByRole('status').filter({ hasText: /Banking details submitted/ })).toContainText(
    'Pending',
  );
  await expect(page.getByText('•••• 0273')).toBeVisible();

  // Champions: invite one by email; they are listed with the invitation pending.
  const champion = newPerson('Kagiso', 'Molefe');
  await page.getByRole('tab', { name: 'Champions' }).click();
  await page.getByRole('button', { name: 'Invite a champion' }).click();
  const invite = page.getByRole('form', { name: 'Invite a champion' });
  await invite.getByLabel('First name').fill(champion.firstName);
  await invite.getByLabel('Surname').fill(champion.lastName);
  await invite.getByLabel('Email').fill(champion.email);
  await expect(invite.getByRole('group', { name: 'Role' })).toBeHidden();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Team member updated successfully')).toBeVisible();
  const listed = page
    .getByRole('list', { name: 'Champions' })
    .getByRole('listitem')
    .filter({ hasText: champion.email });
  await expect(listed).toContainText(`${champion.firstName} ${champion.lastName}`);
  await expect(listed).toContainText('Champion · Invitation sent');

  // The champion: the mailed link leads through the login to the invitation, accepted in one click.
  await registerByApi(request, champion);
  const championContext = await browser.newContext();
  const championPage = await championContext.newPage();
  await verifyThroughOutbox(championPage, champion);
  const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(champion.email)}`);
  const mails = ((await outbox.json()) as Envelope<{ subject: string; links: string[] }[]>).data;
  const link = mails
    .find((m) => m.subject.includes(legalName))
    ?.links.find((l) => l.includes('/auth/invitation?'));
  if (!link) throw new Error('no invitation mail for the champion');
  await championPage.goto(onThisServer(link));
  await expect(championPage).toHaveURL(/\/auth\/login/);
  await logInInBrowser(championPage, champion, { goto: false });
  await expect(championPage).toHaveURL(/\/auth\/invitation\?token=/);
  const accept = championPage.getByRole('button', { name: 'Accept invitation' });
  await hydrated(championPage, accept);
  await accept.click();
  await expect(championPage.getByText(`You are now a champion of ${legalName}.`)).toBeVisible();
  await championPage.getByRole('link', { name: `Start a campaign for ${legalName}` }).click();

  // The champion's campaign, for the organisation, launched from the review step.
  const campaignName = `Read-a-thon for Ikhaya ${tag}`;
  const basics = championPage.getByRole('form', { name: 'Campaign details' });
  const forOrganisation = basics.getByRole('radio', { name: /For an organisation/ });
  await hydrated(championPage, forOrganisation);
  await forOrganisation.check();
  await basics
    .getByRole('combobox', { name: 'Organisation', exact: true })
    .selectOption({ label: legalName });
  await basics.getByLabel('Campaign name').fill(campaignName);
  await basics.getByLabel('Category', { exact: true }).selectOption({ label: 'Education and Training' });
  await basics.getByLabel('Donation target').fill('10 000');
  await basics.getByRole('button', { name: 'Next: Story' }).click();
  await basics.getByRole('textbox', { name: 'Your story' }).click();
  await championPage.keyboard.type(
    'I will read one book a day for a month; every rand buys books for Ikhaya.',
  );
  await basics.getByRole('button', { name: 'Next: Media' }).click();
  await basics.getByLabel('Choose images').setInputFiles([await png('read-a-thon.png')]);
  await basics
    .getByRole('navigation', { name: 'Campaign steps' })
    .getByRole('button', { name: /Review/ })
    .click();
  await basics.getByRole('button', { name: 'Launch campaign' }).click();
  await championPage.getByRole('button', { name: 'Yes, launch it' }).click();
  await expect(championPage.getByText('Campaign launched successfully!')).toBeVisible();
  await championContext.close();

  // Signed out: the public page lists the campaign and the champion.
  const publicPath = await page.getByRole('link', { name: 'View public page' }).getAttribute('href');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(publicPath ?? '/');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(legalName);
  await expect(visitor.getByRole('heading', { name: campaignName })).toBeVisible();
  await expect(visitor.getByText(`${champion.firstName} ${champion.lastName}`)).toBeVisible();

  // And the Organisations tab of /find-campaign finds it by a word of its description.
  await visitor.goto('/find-campaign?tab=organisations');
  const search = visitor.getByRole('search', { name: /organisations/i });
  await search.getByRole('searchbox').fill(descriptionWord);
  await search.getByRole('button', { name: 'Search' }).click();
  await visitor.getByRole('link', { name: legalName }).click();
  await expect(visitor).toHaveURL(new RegExp(`${publicPath}$`));
  await visitorContext.close();
});

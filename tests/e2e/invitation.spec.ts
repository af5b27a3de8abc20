import { expect, test } from '@playwright/test';
import { hydrated, logInInBrowser, newPerson, onThisServer, registerByApi } from './support/accounts';
import { demoUser } from './support/demo';

type Envelope<T> = { data: T; meta: { message?: string } };

test('an invited helper logs in from the mail link and joins the campaign team', async ({
  page,
  request,
}) => {
  // The owner (a demo fundraiser) invites a new person to one of their campaigns, through the API.
  const owner = demoUser('zanele');
  if (!owner) throw new Error('demo owner missing');
  const login = await request.post('/api/v1/authentication/login/', {
    data: { email: owner.email, password: owner.password },
  });
  const { accessToken } = ((await login.json()) as Envelope<{ accessToken: string }>).data;
  const headers = { authorization: `Bearer ${accessToken}` };
  const mine = await request.get('/api/v1/campaigns/user-campaigns?pageSize=5&pageNo=1', { headers });
  const campaigns = (
    (await mine.json()) as Envelope<{ userCampaigns: { items: { id: string; url: string }[] } }>
  ).data.userCampaigns.items;
  const campaign = campaigns[0];
  if (!campaign) throw new Error('the demo owner has no campaign');

  const helper = newPerson('Lindani', 'Zulu');
  await registerByApi(request, helper);
  const invited = await request.patch('/api/v1/team-members', {
    headers,
    data: {
      campaignId: campaign.id,
      firstName: helper.firstName,
      lastName: helper.lastName,
      email: helper.email,
      mobileNumber: '+27821112222',
      organizationPositionId: null,
      userRole: 2,
      mainContactPerson: false,
      deleted: false,
    },
  });
  expect(invited.status(), await invited.text()).toBe(200);

  const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(helper.email)}`);
  const mails = ((await outbox.json()) as Envelope<{ subject: string; links: string[] }[]>).data;
  const invitation = mails.find((m) => m.subject.includes('invited you to help run'));
  const link = invitation?.links.find((l) => l.includes('/auth/invitation?'));
  if (!link) throw new Error('no invitation mail');

  // Signed out, the link leads to the login page and back.
  await page.goto(onThisServer(link));
  await expect(page).toHaveURL(/\/auth\/login/);
  await logInInBrowser(page, helper, { goto: false });
  await expect(page).toHaveURL(/\/auth\/invitation\?token=/);

  const accept = page.getByRole('button', { name: 'Accept invitation' });
  await hydrated(page, accept);
  await accept.click();
  await expect(page.getByText('Invitation accepted. You can now help run this campaign.')).toBeVisible();
  await page.getByRole('link', { name: 'Open the campaign editor' }).click();
  await expect(page.getByRole('heading', { name: 'Edit campaign' })).toBeVisible();
  // The editor loaded the campaign for the new team member (a stranger would be sent to /misc/404).
  await expect(page.getByLabel('Campaign name')).not.toHaveValue('');
  await expect(page).toHaveURL(new RegExp(`/campaign/edit/${campaign.id}$`));

  // Banking details are the owner's: the helper is told so and offered no form to replace them.
  await page.getByRole('tab', { name: 'Verification' }).click();
  await expect(page.getByText(/Only the campaign owner can submit banking details/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for verification' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Update banking details' })).toHaveCount(0);
});

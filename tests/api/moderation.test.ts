import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaignHit, AuditPage } from '~/lib/contracts/admin';
import type { CampaignFundingInfo } from '~/lib/contracts/payouts';
import type { ReportGroup } from '~/lib/contracts/reports';
import { PaymentGateway, PayoutStatus } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { mailsTo, send } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { donate, donationBody, solveCaptcha } from './support/donations';
import { page } from './support/http';
import { paidGift } from './support/paidGifts';
import { acceptedCampaignBanking, requestPayout } from './support/payoutSetup';

// Issue 25, moderation: anyone reports a campaign (captcha, rate limits); staff see the reports
// grouped, pause donations (every way of giving refuses, saying why) and hold payouts (requests
// refused, accepted payouts wait). A refund after a payout leaves the campaign owing, which blocks
// payouts too. Every staff action leaves one audit entry.

const PAUSED =
  'Donations to this campaign are paused while Letsema reviews it. Donations already made are safe.';

let admin: string;
let owner: string;
let donor: string;

beforeAll(async () => {
  [admin, owner, donor] = await Promise.all([demoToken('nomvula'), demoToken('zanele'), demoToken('sipho')]);
});

const report = async (campaign: SavedCampaign, overrides: Record<string, unknown> = {}) =>
  send<{ id: string }>('POST', '/api/v1/reports', {
    campaignId: campaign.id,
    reason: 'misleading',
    details: 'The photos are from another campaign in Durban.',
    recaptchaToken: await solveCaptcha(),
    ...overrides,
  });

const change = (campaign: SavedCampaign, body: Record<string, unknown>) =>
  send<AdminCampaignHit>('PATCH', `/api/v1/admin/campaigns/${campaign.id}`, body, admin);

async function auditActions(entity: string, id: string): Promise<string[]> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?pageSize=100&entity=${entity}&entityId=${id}`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items.map((e) => e.action);
}

async function groupOf(campaign: SavedCampaign): Promise<ReportGroup | undefined> {
  const res = await send<ReportGroup[]>('GET', '/api/v1/admin/reports', undefined, admin);
  expect(res.status, res.text).toBe(200);
  return res.body.data.find((g) => g.id === campaign.id);
}

describe('reporting a campaign', () => {
  it('answers 201, confirms by mail, and staff see the reports grouped with their texts', async () => {
    const campaign = await launchedCampaign(owner);
    const email = `reporter.${Date.now()}@example.co.za`;
    const first = await report(campaign, { email });
    expect(first.status, first.text).toBe(201);
    const second = await report(campaign, {
      reason: 'misuse',
      details: 'The school never received the desks.',
    });
    expect(second.status, second.text).toBe(201);

    const group = await groupOf(campaign);
    expect(group).toMatchObject({ kind: 'campaign', count: 2, reasons: { misleading: 1, misuse: 1 } });
    expect(group?.reports.map((r) => r.details)).toContain('The school never received the desks.');
    expect(group?.campaign?.id).toBe(campaign.id);

    await eventually(
      async () => {
        const subjects = (await mailsTo(email)).map((m) => m.subject);
        expect(
          subjects.some((s) => s.startsWith('We received your report about')),
          'the confirmation mail',
        ).toBe(true);
      },
      { timeout: 5000 },
    );
  });

  it('needs the captcha, a reason from the list and some words', async () => {
    const campaign = await launchedCampaign(owner);
    const noCaptcha = await report(campaign, { recaptchaToken: undefined });
    expect(noCaptcha.status, noCaptcha.text).toBe(400);
    expect(noCaptcha.text).toContain('The reCAPTCHA verification failed. Please try again.');
    const badReason = await report(campaign, { reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.text).toContain('Please choose why you are reporting it.');
    const short = await report(campaign, { details: 'bad' });
    expect(short.status).toBe(400);
    expect(await groupOf(campaign)).toBeUndefined();
  });

  it('is limited per campaign: past 20 in an hour, 429 and nothing more is kept', async () => {
    const campaign = await launchedCampaign(owner);
    const answers = [];
    for (let i = 0; i < 21; i += 1)
      answers.push((await report(campaign, { details: `Report number ${i} of the flood.` })).status);
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await groupOf(campaign))?.count).toBe(20);
  }, 120_000);

  it('works without JavaScript: the /report form posts and says thank you', async () => {
    const campaign = await launchedCampaign(owner);
    const form = await page(`/report?campaign=${campaign.url}`);
    expect(form.status).toBe(200);
    const stamp = form.html.match(/name="formStamp" value="([^"]+)"/)?.[1] ?? '';
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const sent = await page(`/report?campaign=${campaign.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        reason: 'impersonation',
        details: 'I am the beneficiary and never agreed.',
        email: '',
        formStamp: stamp,
        website: '',
      }).toString(),
    });
    expect(sent.status, sent.html.slice(0, 300)).toBe(200);
    expect(sent.html).toContain('Your report was sent to the Letsema team');
    expect((await groupOf(campaign))?.reasons).toEqual({ impersonation: 1 });
  });

  it('staff dismiss, mark handled and ask the owner, each with one audit entry', async () => {
    const campaign = await launchedCampaign(owner);
    expect((await report(campaign)).status).toBe(201);
    const asked = await send(
      'POST',
      `/api/v1/admin/reports/campaign/${campaign.id}/ask-owner`,
      { message: 'Please send the invoice for the desks.' },
      admin,
    );
    expect(asked.status, asked.text).toBe(200);
    const dismissed = await send(
      'PATCH',
      `/api/v1/admin/reports/campaign/${campaign.id}`,
      { status: 'dismissed' },
      admin,
    );
    expect(dismissed.status, dismissed.text).toBe(200);
    expect(await groupOf(campaign)).toBeUndefined();
    const again = await send(
      'PATCH',
      `/api/v1/admin/reports/campaign/${campaign.id}`,
      { status: 'handled' },
      admin,
    );
    expect(again.status).toBe(404);
    const actions = await auditActions('campaign', campaign.id);
    expect(actions.filter((a) => a === 'admin-reports-ask-owner')).toHaveLength(1);
    expect(actions.filter((a) => a === 'admin-reports-dismiss')).toHaveLength(1);
    const notAdmin = await send('GET', '/api/v1/admin/reports', undefined, owner);
    expect(notAdmin.status).toBe(403);
  });
});

describe('pausing donations', () => {
  it('refuses every way of giving with the reason, keeps the page up, and resumes', async () => {
    const campaign = await launchedCampaign(owner);
    const paused = await change(campaign, { pauseDonations: { reason: 'Reports under review.' } });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.data.donationsPausedReason).toBe('Reports under review.');

    const guest = await donate(
      donationBody({ campaignUrl: campaign.url, paymentMethod: PaymentGateway.EFT }),
    );
    expect(guest.status).toBe(400);
    expect(guest.text).toContain(PAUSED);
    const signedIn = await donate(
      donationBody({ campaignUrl: campaign.url, paymentMethod: PaymentGateway.PayFast }),
      donor,
    );
    expect(signedIn.status).toBe(400);
    const detail = await publicDetail(campaign.url);
    expect(detail.body.data).toMatchObject({ isActive: false, donationsPaused: true });
    const campaignPage = await page(`/campaign/${campaign.url}`);
    expect(campaignPage.status).toBe(200);
    expect(campaignPage.html).toContain('Donations to this campaign are paused while Letsema reviews it.');
    const donationPage = await page(`/donation/${campaign.url}`);
    expect(donationPage.html).not.toContain('Donate now');

    const resumed = await change(campaign, { pauseDonations: null });
    expect(resumed.status, resumed.text).toBe(200);
    const after = await donate(
      donationBody({ campaignUrl: campaign.url, paymentMethod: PaymentGateway.EFT }),
    );
    expect(after.status, after.text).toBe(201);
    expect(
      (await auditActions('campaign', campaign.id)).filter((a) => a === 'admin-campaign-update'),
    ).toHaveLength(2);
  });

  it('needs a reason', async () => {
    const campaign = await launchedCampaign(owner);
    const res = await change(campaign, { pauseDonations: { reason: '' } });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please give a reason.');
  });
});

describe('holding payouts, and owing after a refund', () => {
  it('refuses requests while held, lets no accepted payout be paid, and a refund after a payout blocks payouts', async () => {
    const campaign = await launchedCampaign(owner);
    await acceptedCampaignBanking(owner, campaign.id, admin);
    await paidGift(campaign, 'payfast', donor, { amount: 500 });
    const gift = await paidGift(campaign, 'ozow', donor, { amount: 400 });

    const held = await change(campaign, { holdPayouts: { reason: 'Reports under review.' } });
    expect(held.status, held.text).toBe(200);
    const refused = await requestPayout(owner, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 300 }],
      description: 'Desks',
      notes: '',
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('are on hold while Letsema reviews the campaign');
    expect((await change(campaign, { holdPayouts: null })).status).toBe(200);

    const payout = await requestPayout(owner, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 800 }],
      description: 'Desks',
      notes: '',
    });
    expect(payout.status, payout.text).toBe(201);
    const payoutId = payout.body.data.id;
    expect(
      (await send('PATCH', `/api/v1/admin/payouts/${payoutId}`, { status: PayoutStatus.Accepted }, admin))
        .status,
    ).toBe(200);

    // The money is committed to the payout; now the Ozow gift is refunded: the campaign owes R 300.
    const refund = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/refund`,
      { reason: 'Charged twice.' },
      admin,
    );
    expect(refund.status, refund.text).toBe(201);
    const funding = await send<CampaignFundingInfo>(
      'GET',
      `/api/v1/campaigns/${campaign.id}/funding`,
      undefined,
      owner,
    );
    expect(funding.body.data).toMatchObject({ totalFundsAvailable: 0, owedAmount: 300 });

    const paid = await send(
      'PATCH',
      `/api/v1/admin/payouts/${payoutId}`,
      { status: PayoutStatus.Paid, reference: 'FNB 1' },
      admin,
    );
    expect(paid.status).toBe(400);
    expect(paid.text).toContain('owes R 300.00 after refunds');
    const more = await requestPayout(owner, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 50 }],
      description: 'More',
      notes: '',
    });
    expect(more.status).toBe(400);
    const hit = await send<{ results: { items: AdminCampaignHit[] } }>(
      'GET',
      `/api/v1/admin/search?kind=campaigns&q=${encodeURIComponent(campaign.url)}`,
      undefined,
      admin,
    );
    expect(hit.body.data.results.items.find((c) => c.id === campaign.id)?.owed).toBe(300);
  });
});

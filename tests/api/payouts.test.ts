import { beforeAll, describe, expect, it } from 'vitest';
import type { UserCampaigns } from '~/lib/contracts/campaigns';
import type {
  CampaignFundingInfo,
  OrganisationFundingInfo,
  PayoutCreated,
  PayoutList,
} from '~/lib/contracts/payouts';
import { PaymentGateway, PayoutStatus } from '~/lib/enums';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  publicDetail,
  type SavedCampaign,
} from './support/campaigns';
import { donated, donationBody } from './support/donations';
import { expectFailureEnvelope, expectSuccessEnvelope } from './support/http';
import { registerOrganisation } from './support/registeredOrganisation';
import { streamUpload } from './support/streamingUpload';

const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');
const banking = {
  accountHolderName: 'Lwazi Payouts',
  idType: 1,
  idNumber: '8001015009087',
  accountNumber: '62845190273',
  bankCode: '250655',
  accountType: 0,
};
const NOT_APPROVED =
  'Your banking details have not been approved yet. Submit them under Verification and wait for our team to approve them before requesting a payout.';

let owner: SignedInAccount;
let stranger: SignedInAccount;
let admin: string;
let donor: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    verifyAndLogin({ firstName: 'Lwazi', lastName: 'Payouts' }),
    verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' }),
  ]);
  [admin, donor] = await Promise.all([demoToken('nomvula'), demoToken('lerato')]);
});

/** An EFT donation of rand `amount` + `tip` that the demo admin marks received (accepted). */
async function receivedGift(campaign: SavedCampaign, amount: number, tip = 0): Promise<void> {
  const donation = await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: tip,
      campaignUrl: campaign.url,
    }),
    donor,
  );
  const res = await send(
    'POST',
    `/api/v1/donations/${donation.id}/eft-received`,
    { amount: amount + tip },
    admin,
  );
  expect(res.status, res.text).toBe(200);
}

/** An EFT donation left waiting for its transfer (not counted). */
async function pendingGift(campaign: SavedCampaign, amount: number): Promise<void> {
  await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: 0,
      campaignUrl: campaign.url,
    }),
    donor,
  );
}

const funding = (id: string, token?: string) =>
  send<CampaignFundingInfo>('GET', `/api/v1/campaigns/${id}/funding`, undefined, token);

async function fundsOf(id: string, token = owner.accessToken): Promise<CampaignFundingInfo> {
  const res = await funding(id, token);
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data;
}

const requestPayout = (token: string, body: unknown) =>
  send<PayoutCreated>('POST', '/api/v1/payouts/', body, token);

/** Submits banking details for the campaign; with `accept`, the demo admin accepts them. */
async function submitBanking(token: string, id: string, accept: boolean): Promise<void> {
  const form = formOf(
    { bankingDetails: banking },
    [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart<OwnerView>('PATCH', `/api/v1/campaigns/${id}/verification`, form, token);
  expect(res.status, res.text).toBe(200);
  if (!accept) return;
  const details = (await ownerView(token, id)).bankingDetail as { id: string };
  const decided = await send(
    'PATCH',
    `/api/v1/admin/banking-details/${details.id}`,
    { accepted: true },
    admin,
  );
  expect(decided.status, decided.text).toBe(200);
}

describe('funds available', () => {
  it('is accepted donations less payouts not declined, in rand; tips and unpaid pledges do not count', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 300, 36);
    await receivedGift(campaign, 150);
    await pendingGift(campaign, 500);
    // Ledger: 300 + 150 accepted = 450; the R 36 tip is the platform's, paid on top; 500 never arrived.
    expect(await fundsOf(campaign.id)).toMatchObject({
      id: campaign.id,
      currency: { id: 1, ticker: 'ZAR' },
      fundingType: 0,
      totalFundsReceived: 450,
      feesTotal: 0,
      totalFundsAvailable: 450,
      payoutTotal: 0,
      payoutTotalRand: 0,
      payoutAmount: 0,
      bankingDetailStatus: null,
    });
    // The second path of SPEC §7 answers the same.
    const other = await send<CampaignFundingInfo>(
      'GET',
      `/api/v1/campaigns/funding/${campaign.id}`,
      undefined,
      owner.accessToken,
    );
    expect(other.body.data.totalFundsAvailable).toBe(450);

    await submitBanking(owner.accessToken, campaign.id, true);
    const payout = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 120.5 }],
      description: 'Physio sessions',
      notes: '',
    });
    expect(payout.status, payout.text).toBe(201);
    expect(payout.body.meta.message).toBe('Payout requested successfully.');
    expect(payout.body.data).toMatchObject({
      status: PayoutStatus.Pending,
      amount: 120.5,
      tipPercentage: 0,
      campaignId: campaign.id,
      organisationId: null,
      items: [{ campaignId: campaign.id, amount: 120.5 }],
    });
    // A pending payout is no longer available: 450 − 120.50.
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(329.5);
    expect((await ownerView(owner.accessToken, campaign.id)).fundsAvailable).toBe(329.5);
  });

  it('is counted in the campaign’s own currency: rand gifts to a dollar campaign at the fixed rate', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { currency: 2 });
    await receivedGift(campaign, 360, 43.2); // $ 20 at R 18 to the dollar; the tip is not the campaign's
    await receivedGift(campaign, 900); // $ 50
    expect(await fundsOf(campaign.id)).toMatchObject({
      currency: { id: 2, ticker: 'USD' },
      totalFundsReceived: 70,
      totalFundsAvailable: 70,
    });
    await submitBanking(owner.accessToken, campaign.id, true);
    const payout = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 25 }],
    });
    expect(payout.status, payout.text).toBe(201);
    expect(payout.body.data.currency.ticker).toBe('USD');
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(45);
  });
});

describe('POST /payouts/', () => {
  it('refuses a payout until staff accept the banking details, saying what to do', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 200);
    const body = { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 150 }] };

    const none = await requestPayout(owner.accessToken, body);
    expect(none.status).toBe(400);
    expectFailureEnvelope(none.body);
    expect(none.body.meta.message).toBe(NOT_APPROVED);

    await submitBanking(owner.accessToken, campaign.id, false);
    expect((await fundsOf(campaign.id)).bankingDetailStatus).toBe(0);
    const pending = await requestPayout(owner.accessToken, body);
    expect(pending.status).toBe(400);
    expect(pending.body.meta.message).toBe(NOT_APPROVED);
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(200);
  });

  it('never pays out more than is available: two requests for the whole balance at once, one succeeds', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 400);
    await submitBanking(owner.accessToken, campaign.id, true);
    const body = { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 400 }] };
    const answers = await Promise.all([
      requestPayout(owner.accessToken, body),
      requestPayout(owner.accessToken, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.body.meta.message).toMatch(/is more than its funds available \(R 0\.00\)/);
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(0);

    const more = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 0.01 }],
    });
    expect(more.status).toBe(400);
  });

  it('checks the amounts and the tip', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    const cases: [unknown, string][] = [
      [{ campaignFundingInfo: [] }, 'Please choose the campaigns to pay out from.'],
      [
        { campaignFundingInfo: [{ id: campaign.id, payoutAmount: -5 }] },
        'The amount to pay out must be more than 0.',
      ],
      [{ campaignFundingInfo: [{ id: campaign.id, payoutAmount: 0 }] }, 'Please enter an amount to pay out.'],
      [
        { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 10.005 }] },
        'The amount can have at most 2 decimals.',
      ],
      [
        { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 10 }], tipPercentage: 101 },
        'The tip must be a percentage from 0 to 100.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await requestPayout(owner.accessToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.meta.message).toBe(message);
    }
  });

  it('is for the campaign owner: others 403, unknown campaigns 404, visitors 401', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    const body = { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 100 }] };
    expect((await requestPayout(stranger.accessToken, body)).status).toBe(403);
    expect((await send('POST', '/api/v1/payouts/', body)).status).toBe(401);
    const unknown = {
      campaignFundingInfo: [{ id: '00000000-0000-4000-8000-000000000000', payoutAmount: 100 }],
    };
    expect((await requestPayout(owner.accessToken, unknown)).status).toBe(404);
  });
});

const MINIMUM_RAND =
  'The minimum payout is R 100, unless you are closing the campaign and withdrawing what is left.';

async function closeCampaign(token: string, id: string): Promise<void> {
  const reasons = await send<{ id: number }[]>('GET', '/api/v1/campaigns/close-reasons');
  const res = await send(
    'PATCH',
    `/api/v1/campaigns/${id}/close`,
    { closeReasonId: reasons.body.data[0]?.id },
    token,
  );
  expect(res.status, res.text).toBe(200);
}

describe('the minimum payout', () => {
  it('is R 100 or US $ 10, said under the amount; nothing is requested below it', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 300);
    await submitBanking(owner.accessToken, campaign.id, true);
    const low = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 99.99 }],
    });
    expect(low.status).toBe(400);
    expectFailureEnvelope(low.body);
    expect(low.body.meta.message).toBe(MINIMUM_RAND);
    expect(low.body.data).toEqual({ payoutAmount: [MINIMUM_RAND] });
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(300);
    const exact = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 100 }],
    });
    expect(exact.status, exact.text).toBe(201);

    const dollars = await launchedCampaign(owner.accessToken, { currency: 2 });
    await receivedGift(dollars, 900); // $ 50
    await submitBanking(owner.accessToken, dollars.id, true);
    const cents = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: dollars.id, payoutAmount: 9.99 }],
    });
    expect(cents.status).toBe(400);
    expect(cents.body.meta.message).toBe(
      'The minimum payout is US $ 10, unless you are closing the campaign and withdrawing what is left.',
    );
    const ten = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: dollars.id, payoutAmount: 10 }],
    });
    expect(ten.status, ten.text).toBe(201);
  });

  it('lets a closed campaign withdraw everything left below the minimum, but not a part of it', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 60);
    await submitBanking(owner.accessToken, campaign.id, true);
    const running = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 60 }],
    });
    expect(running.status).toBe(400);
    expect(running.body.meta.message).toBe(MINIMUM_RAND);

    await closeCampaign(owner.accessToken, campaign.id);
    const part = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 40 }],
    });
    expect(part.status).toBe(400);
    expect(part.body.meta.message).toBe(MINIMUM_RAND);
    const rest = await requestPayout(owner.accessToken, {
      campaignFundingInfo: [{ id: campaign.id, payoutAmount: 60 }],
    });
    expect(rest.status, rest.text).toBe(201);
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(0);
  });

  it('applies to a Bluetick invoice payout too', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    await receivedGift(campaign, 500);
    const form = formOf(
      {
        campaignId: campaign.id,
        payoutAmount: 50,
        bankingDetails: {
          accountHolderName: 'Clinic',
          accountNumber: '4071234567',
          bankName: 'Capitec',
          accountType: 2,
        },
      },
      [{ name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' }],
      'blueTickPayoutDocument',
    );
    const res = await multipart<PayoutCreated>(
      'POST',
      '/api/v1/payouts/bluetick-payout',
      form,
      owner.accessToken,
    );
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(MINIMUM_RAND);
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(500);
  });
});

describe('a campaign run for an organisation', () => {
  it('pays out only to the organisation: the champion who runs it gets 403 and nothing is requested', async () => {
    const campaign = await publicDetail('pieter-rides-the-cycle-tour');
    const champion = await demoToken('pieter');
    const res = await requestPayout(champion, {
      campaignFundingInfo: [{ id: campaign.body.data.id, payoutAmount: 100 }],
    });
    expect(res.status).toBe(403);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe(
      'This campaign raises funds for an organisation: its owners and admins request its payouts, to the organisation’s bank account.',
    );
    const list = await send<PayoutList>(
      'GET',
      `/api/v1/payouts/list/${campaign.body.data.id}?pageSize=5&pageNo=1`,
      undefined,
      admin,
    );
    expect(list.body.data.payouts.items).toEqual([]);
  });
});

describe('My Campaigns’ payout link (GET /campaigns/user-campaigns mayRequestPayout)', () => {
  const mine = async (token: string) => {
    const res = await send<UserCampaigns>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=50',
      undefined,
      token,
    );
    expect(res.status, res.text).toBe(200);
    return res.body.data.userCampaigns.items;
  };

  it('is offered to the owner of a campaign without an organisation and to an organisation’s Owner', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    expect((await mine(owner.accessToken)).find((c) => c.id === campaign.id)?.mayRequestPayout).toBe(true);
    const org = await registerOrganisation(`Payout Link Trust ${Date.now()}`);
    const orgCampaign = await launchedCampaign(org.owner.accessToken, { organisation: org.id });
    const listed = (await mine(org.owner.accessToken)).find((c) => c.id === orgCampaign.id);
    expect(listed?.mayRequestPayout).toBe(true);
  });

  it('is not offered to the champion who runs a campaign for an organisation', async () => {
    const champion = await demoToken('pieter');
    const campaign = await publicDetail('pieter-rides-the-cycle-tour');
    const listed = (await mine(champion)).find((c) => c.id === campaign.body.data.id);
    expect(listed).toBeDefined();
    expect(listed?.mayRequestPayout).toBe(false);
  });
});

describe('who sees funding and payouts', () => {
  it('lets the owner and platform admins see them; others 403; unknown 404', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    expect((await funding(campaign.id, admin)).status).toBe(200);
    const denied = await funding(campaign.id, stranger.accessToken);
    expect(denied.status).toBe(403);
    expectFailureEnvelope(denied.body);
    expect((await funding('00000000-0000-4000-8000-000000000000', owner.accessToken)).status).toBe(404);
    expect((await funding(campaign.id)).status).toBe(401);
    const list = (token: string) => send('GET', `/api/v1/payouts/list/${campaign.id}`, undefined, token);
    expect((await list(stranger.accessToken)).status).toBe(403);
    expect((await list(admin)).status).toBe(200);
  });
});

describe('GET payouts/list/{id}', () => {
  it('lists a campaign’s payouts newest first, 5 a page, with what was paid out', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    await receivedGift(campaign, 2500);
    await submitBanking(owner.accessToken, campaign.id, true);
    for (let i = 1; i <= 6; i += 1) {
      const res = await requestPayout(owner.accessToken, {
        campaignFundingInfo: [{ id: campaign.id, payoutAmount: i * 100 }],
        description: `Payout ${i}`,
      });
      expect(res.status, res.text).toBe(201);
    }
    const first = await send<PayoutList>(
      'GET',
      `/api/v1/payouts/list/${campaign.id}`,
      undefined,
      owner.accessToken,
    );
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.payoutsRaised).toBe(0);
    expect(first.body.data.payouts.paginationMetadata).toEqual({
      totalCount: 6,
      pageCount: 2,
      pageNo: 1,
      pageSize: 5,
    });
    expect(first.body.data.payouts.items.map((p) => p.amount)).toEqual([600, 500, 400, 300, 200]);
    const second = await send<PayoutList>(
      'GET',
      `/api/v1/payouts/list/${campaign.id}?pageNo=2&pageSize=5`,
      undefined,
      owner.accessToken,
    );
    expect(second.body.data.payouts.items.map((p) => p.description)).toEqual(['Payout 1']);
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(2500 - 2100);
  });
});

describe('POST /payouts/bluetick-payout', () => {
  const supplier = {
    accountHolderName: 'Umhlanga Physio Clinic',
    accountHolderEmail: 'accounts@physio.example',
    accountNumber: '4071234567',
    bankName: 'Capitec',
    accountType: 2,
  };

  function bluetick(token: string, option: string | null, fields: Record<string, unknown>, invoice = true) {
    const form = formOf(
      fields,
      invoice ? [{ name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' }] : [],
      'blueTickPayoutDocument',
    );
    const query = option === null ? '' : `?payoutOption=${option}`;
    return multipart<PayoutCreated>('POST', `/api/v1/payouts/bluetick-payout${query}`, form, token);
  }

  it('pays a supplier’s invoice by default, without accepted banking details of the campaign', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    await receivedGift(campaign, 1000);
    const missing = await bluetick(
      owner.accessToken,
      null,
      { campaignId: campaign.id, payoutAmount: 400, bankingDetails: supplier },
      false,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toBe('Please upload the supplier’s invoice.');

    const res = await bluetick(owner.accessToken, null, {
      campaignId: campaign.id,
      payoutAmount: 400,
      description: 'Physio invoice INV-88',
      bankingDetails: supplier,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      payoutOption: 'invoice',
      amount: 400,
      status: PayoutStatus.Pending,
      campaignId: campaign.id,
    });
    const funds = await fundsOf(campaign.id);
    expect(funds.totalFundsAvailable).toBe(600);
    // The supplier's account is not taken for the campaign's own banking details.
    expect(funds.bankingDetailStatus).toBeNull();

    // The banking option pays only to the campaign's own accepted details.
    const byBanking = await bluetick(
      owner.accessToken,
      'bankingDetails',
      { campaignId: campaign.id, payoutAmount: 150 },
      false,
    );
    expect(byBanking.status).toBe(400);
    expect(byBanking.body.meta.message).toBe(NOT_APPROVED);
    const tooMuch = await bluetick(owner.accessToken, 'invoice', {
      campaignId: campaign.id,
      payoutAmount: 600.01,
      bankingDetails: supplier,
    });
    expect(tooMuch.status).toBe(400);
  });

  it('leaves the campaign’s own banking details in the owner view and funding info, not the supplier’s', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    await receivedGift(campaign, 1000);
    await submitBanking(owner.accessToken, campaign.id, false);
    const res = await bluetick(owner.accessToken, 'invoice', {
      campaignId: campaign.id,
      payoutAmount: 400,
      bankingDetails: supplier,
    });
    expect(res.status, res.text).toBe(201);
    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.bankingDetail).toMatchObject({
      accountHolderName: banking.accountHolderName,
      accountNumber: banking.accountNumber,
      requestStatus: 0,
    });
    expect((await fundsOf(campaign.id)).bankingDetailStatus).toBe(0);
  });

  it('is for Bluetick campaigns and their owner only', async () => {
    const standard = await launchedCampaign(owner.accessToken);
    const notBluetick = await bluetick(owner.accessToken, 'invoice', {
      campaignId: standard.id,
      payoutAmount: 100,
      bankingDetails: supplier,
    });
    expect(notBluetick.status).toBe(400);
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    const other = await bluetick(stranger.accessToken, 'invoice', {
      campaignId: campaign.id,
      payoutAmount: 100,
      bankingDetails: supplier,
    });
    expect(other.status).toBe(403);
    const badOption = await bluetick(owner.accessToken, 'cheque', {
      campaignId: campaign.id,
      payoutAmount: 100,
    });
    expect(badOption.status).toBe(400);
    expect(badOption.body.meta.message).toBe('Please choose to pay by invoice or to your banking details.');
  });

  it('checks the campaign before reading the invoice: a stranger hears 403 with most of the upload unsent', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    const upload = await streamUpload(
      '/api/v1/payouts/bluetick-payout?payoutOption=invoice',
      stranger.accessToken,
      [
        { name: 'campaignId', value: campaign.id },
        // Wrong on purpose: the stranger must not hear field errors about someone else's campaign.
        { name: 'payoutAmount', value: 'lots' },
        { name: 'blueTickPayoutDocument', file: 'invoice.pdf' },
      ],
      20 * 1024 * 1024,
    );
    expect(upload.status).toBe(403);
    expect(upload.body.meta?.message).toBe(
      'Only the campaign owner can request a payout for a Bluetick campaign.',
    );
    expect(upload.body.data).toBeNull();
    expect(upload.bytesSent).toBeLessThan(upload.totalBytes / 2);
  });

  it('400 for an upload whose invoice comes before campaignId', async () => {
    const campaign = await launchedCampaign(owner.accessToken, { fundingType: 1 });
    await receivedGift(campaign, 300);
    const form = new FormData();
    form.append('blueTickPayoutDocument', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf');
    form.append('campaignId', campaign.id);
    form.append('payoutAmount', '100');
    form.append('bankingDetails', JSON.stringify(supplier));
    const res = await multipart(
      'POST',
      '/api/v1/payouts/bluetick-payout?payoutOption=invoice',
      form,
      owner.accessToken,
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.meta.message).toBe(
      'Send campaignId before any file: it names what the upload is for, and is checked first.',
    );
    expect((await fundsOf(campaign.id)).totalFundsAvailable).toBe(300);
  });
});

describe('an organisation’s funding and payouts', () => {
  it('adds its campaigns’ funds in rand and pays several at once to its accepted banking details, with a 3 % tip', async () => {
    const org = await registerOrganisation(`Qonce Payout Trust ${Date.now()}`);
    const token = org.owner.accessToken;
    const rand = await launchedCampaign(token, { organisation: org.id });
    const second = await launchedCampaign(token, { organisation: org.id });
    await receivedGift(rand, 500);
    await receivedGift(second, 250);
    const res = await send<OrganisationFundingInfo>(
      'GET',
      `/api/v1/organizations/${org.id}/funding`,
      undefined,
      token,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.campaignTotals).toEqual({ totalAvailableForPayout: 750, payoutTotal: 0 });
    expect(res.body.data.campaignFundingInfo.map((c) => c.totalFundsAvailable)).toEqual([500, 250]);
    expect(
      (await send('GET', `/api/v1/organizations/${org.id}/funding`, undefined, stranger.accessToken)).status,
    ).toBe(403);

    const body = {
      campaignFundingInfo: [
        { id: rand.id, payoutAmount: 200 },
        { id: second.id, payoutAmount: 250 },
      ],
      description: 'Soup kitchen stock',
    };
    const refused = await requestPayout(token, body);
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toMatch(/organisation’s banking details have not been approved yet/);
    expect((await requestPayout(stranger.accessToken, body)).status).toBe(403);

    // The Owner submits the organisation's banking details; once staff accept them, the payout goes.
    const form = formOf(
      { verification: {}, bankingDetails: { ...banking, idType: 3, idNumber: '2019/123456/08' } },
      [{ name: 'legal.pdf', bytes: pdf, type: 'application/pdf' }],
      'legalDocument',
    );
    const verified = await multipart('PATCH', `/api/v1/organizations/${org.id}/verification`, form, token);
    expect(verified.status, verified.text).toBe(200);
    const view = await send<{ bankingDetail: { id: string } }>(
      'GET',
      `/api/v1/organizations/${org.id}`,
      undefined,
      token,
    );
    const decided = await send(
      'PATCH',
      `/api/v1/admin/banking-details/${view.body.data.bankingDetail.id}`,
      { accepted: true },
      admin,
    );
    expect(decided.status, decided.text).toBe(200);

    const paid = await requestPayout(token, body);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data).toMatchObject({
      organisationId: org.id,
      campaignId: null,
      amount: 450,
      tipPercentage: 3,
      tipAmount: 13.5,
    });
    const after = await send<OrganisationFundingInfo>(
      'GET',
      `/api/v1/organizations/${org.id}/funding`,
      undefined,
      token,
    );
    expect(after.body.data.campaignTotals.totalAvailableForPayout).toBe(300);
    const list = await send<PayoutList>('GET', `/api/v1/payouts/list/${org.id}`, undefined, token);
    expect(list.body.data.payouts.items.map((p) => p.id)).toEqual([paid.body.data.id]);
  });
});

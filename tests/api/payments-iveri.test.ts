import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation } from './support/donations';
import { baseUrl, page, pathOf } from './support/http';
import { randomFrom, shuffled } from './support/moneyStress';

// The server under test runs with the default (sandbox) iVeri application id of platform/env.ts.

const path = pathOf;

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

const raised = raisedOn;

/** Posts the Lite form (as given, or altered) to the simulated card page; returns its buttons' action. */
async function openCardPage(fields: Record<string, string>, action: string): Promise<string> {
  const card = await page(path(action), form(fields));
  expect(card.status, card.html.slice(0, 300)).toBe(200);
  const target = card.html.match(/action="(\/sandbox\/iveri\/transactions\/[^"]+)"/)?.[1];
  if (!target) throw new Error(`no card form in ${card.html.slice(0, 300)}`);
  return target;
}

function liteForm(donation: DonationData): { action: string; fields: Record<string, string> } {
  const paymentForm = donation.transactionInfo.paymentForm;
  if (!paymentForm) throw new Error('no payment form');
  return paymentForm;
}

/** Presses a button on the card page; returns where iVeri sends the browser. */
async function press(action: string, button: 'pay' | 'cancel' | 'fail' | 'tryLater'): Promise<URL> {
  const res = await page(action, form({ action: button }));
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

/** The browser arrives at the capture page (GET with the fields, as the simulator redirects). */
async function capture(url: URL): Promise<{ family: string; html: string }> {
  const res = await page(url.pathname + url.search);
  expect(res.status, res.html.slice(0, 300)).toBe(200);
  return { family: res.html.match(/data-status-family="([^"]+)"/)?.[1] ?? '', html: res.html };
}

const iveriDonation = (amount: number, tip = 0): Record<string, unknown> =>
  donationBody({ paymentMethod: PaymentGateway.IVeri, amount, tipOrAdminFeeAmount: tip });

describe('iVeri Lite through the simulator', () => {
  let campaign: SavedCampaign;
  let donor: string;

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('zanele'));
    donor = await demoToken('sipho');
  });

  it('starts with a Lite form post: amount in cents, one line item, trace and the four return URLs', async () => {
    const donation = await donated({ ...iveriDonation(120, 10), campaignUrl: campaign.url }, donor);
    const { action, fields } = liteForm(donation);
    const back = `${baseUrl}/donation/iveri/payment-capture?donation=${donation.jwtTokenStringDonationId}`;
    expect(action).toBe(`${baseUrl}/sandbox/iveri/Lite/Authorise`);
    expect(fields).toMatchObject({
      Lite_Merchant_ApplicationId: expect.any(String),
      Lite_Order_Amount: '13000',
      Lite_Order_LineItems_Quantity_1: '1',
      Lite_Order_LineItems_Amount_1: '13000',
      Lite_Merchant_Trace: donation.transactionInfo.referenceNumber,
      Lite_Website_Successful_Url: back,
      Lite_Website_Fail_Url: back,
      Lite_Website_TryLater_Url: back,
      Lite_Website_Error_Url: back,
    });
    const card = await page(path(action), form(fields));
    for (const name of ['Pay', 'Cancel', 'Fail', 'Try later'])
      expect(card.html).toMatch(new RegExp(`>\\s*${name}\\s*</button>`));
    expect(card.html).toContain('R 130.00');
  });

  it('books a paid donation once, however often the return is replayed, and hides the navbar actions', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...iveriDonation(200, 20), campaignUrl: campaign.url }, donor);
    const token = donation.jwtTokenStringDonationId;
    const { action, fields } = liteForm(donation);
    const back = await press(await openCardPage(fields, action), 'pay');
    expect(back.pathname).toBe('/donation/iveri/payment-capture');
    expect(back.searchParams.get('Lite_Payment_Card_Status')).toBe('0');

    const first = await capture(back);
    expect(first.family).toBe('success');
    expect(first.html).toContain(`/thanks?donation=${token}`);
    expect(first.html).not.toContain('aria-label="Find a campaign"');
    expect((await getDonation(token)).body.data.status).toBe(DonationStatus.Accepted);
    expect(await raised(campaign)).toBe(before + 200);

    // The same return again, and posted as iVeri's full redirect posts it: nothing more.
    expect((await capture(back)).family).toBe('success');
    const posted = await page(
      `/donation/iveri/payment-capture?donation=${token}`,
      form(Object.fromEntries(back.searchParams)),
    );
    expect(posted.status).toBe(200);
    expect(await raised(campaign)).toBe(before + 200);
  });

  it('books several payments once each when their returns arrive replayed, shuffled and at once', async () => {
    const before = await raised(campaign);
    const paid = [110, 70, 95];
    const returns: { back: URL; token: string; amount: number }[] = [];
    for (const amount of [...paid, 55]) {
      const donation = await donated({ ...iveriDonation(amount), campaignUrl: campaign.url }, donor);
      const { action, fields } = liteForm(donation);
      const button = amount === 55 ? 'fail' : 'pay';
      const back = await press(await openCardPage(fields, action), button);
      returns.push({ back, token: donation.jwtTokenStringDonationId, amount });
    }
    // No return has reached us yet: the first of each is among the repeats, all sent at once, in
    // any order, as a reload (GET) or iVeri's full-redirect post, and a forged status 0 for the
    // declined one.
    const forged = new URL(returns[3]?.back ?? '');
    forged.searchParams.set('Lite_Payment_Card_Status', '0');
    const deliveries = [...returns.map((r) => r.back), forged].flatMap((back) => [
      () => capture(back),
      () =>
        page(
          `${back.pathname}?donation=${back.searchParams.get('donation')}`,
          form(Object.fromEntries(back.searchParams)),
        ),
      () => capture(back),
      () => capture(back),
    ]);
    await Promise.all(shuffled(deliveries, randomFrom(Date.now())).map((deliver) => deliver()));

    for (const { token, amount } of returns) {
      const status = (await getDonation(token)).body.data.status;
      expect(status, `R ${amount}`).toBe(amount === 55 ? DonationStatus.Rejected : DonationStatus.Accepted);
    }
    expect(await raised(campaign)).toBe(before + 110 + 70 + 95);
    // Later reloads still say paid, and book nothing more.
    expect((await capture(returns[0]?.back ?? new URL(baseUrl))).family).toBe('success');
    expect(await raised(campaign)).toBe(before + 110 + 70 + 95);
  });

  it('a tampered return changes nothing: status 0 on a failed payment, or a trace never paid', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...iveriDonation(80), campaignUrl: campaign.url }, donor);
    const token = donation.jwtTokenStringDonationId;
    const { action, fields } = liteForm(donation);
    const back = await press(await openCardPage(fields, action), 'fail');
    expect(back.searchParams.get('Lite_Payment_Card_Status')).toBe('4');
    const forged = new URL(back);
    forged.searchParams.set('Lite_Payment_Card_Status', '0');
    forged.searchParams.set('Lite_Result_Description', 'Approved');
    expect((await capture(forged)).family).toBe('declined');

    // A return naming another pending donation's trace, which was never paid at iVeri.
    const other = await donated({ ...iveriDonation(90), campaignUrl: campaign.url }, donor);
    const stray = new URL(forged);
    stray.searchParams.set('Lite_Merchant_Trace', other.transactionInfo.referenceNumber);
    expect((await capture(stray)).family).not.toBe('success');

    expect((await getDonation(token)).body.data.status).not.toBe(DonationStatus.Accepted);
    expect((await getDonation(other.jwtTokenStringDonationId)).body.data.status).toBe(DonationStatus.Pending);
    expect(await raised(campaign)).toBe(before);
  });

  it('does not book a payment for a smaller amount than the donation', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...iveriDonation(150), campaignUrl: campaign.url }, donor);
    const { action, fields } = liteForm(donation);
    const cheap = { ...fields, Lite_Order_Amount: '100', Lite_Order_LineItems_Amount_1: '100' };
    const back = await press(await openCardPage(cheap, action), 'pay');
    expect((await capture(back)).family).not.toBe('success');
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).not.toBe(
      DonationStatus.Accepted,
    );
    expect(await raised(campaign)).toBe(before);
  });

  it('declined, cancelled and try-later payments change nothing and say so', async () => {
    const before = await raised(campaign);
    for (const [button, family] of [
      ['fail', 'declined'],
      ['cancel', 'declined'],
      ['tryLater', 'tryLater'],
    ] as const) {
      const donation = await donated({ ...iveriDonation(60), campaignUrl: campaign.url }, donor);
      const { action, fields } = liteForm(donation);
      const back = await press(await openCardPage(fields, action), button);
      expect((await capture(back)).family, button).toBe(family);
      const status = (await getDonation(donation.jwtTokenStringDonationId)).body.data.status;
      expect(status, button).not.toBe(DonationStatus.Accepted);
    }
    expect(await raised(campaign)).toBe(before);
  });

  it('answers a return without a trace with the form-error message', async () => {
    expect((await capture(new URL(`${baseUrl}/donation/iveri/payment-capture`))).family).toBe('formError');
  });
});

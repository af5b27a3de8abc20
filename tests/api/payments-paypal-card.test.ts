import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation, pollDonation } from './support/donations';
import { baseUrl, page, pathOf } from './support/http';
import { randomFrom, shuffled } from './support/moneyStress';
import { paypalSandboxApi, paypalSandboxToken } from './support/paypalSandbox';

// PayPalCard (3): a card typed on PayPal's own card page (Orders v2, experience_context.landing_page
// GUEST_CHECKOUT), in dollars, captured on return and booked as PayPal's capture. The server under
// test uses the default sandbox PayPal credentials and USD_TO_ZAR_RATE 18.
const RATE = 18;

const path = pathOf;

let campaign: SavedCampaign;
let donor: string;
let sandbox: string;

async function raised(): Promise<number> {
  const res = await publicDetail(campaign.url);
  expect(res.status, res.text).toBe(200);
  return res.body.data.donationsReceivedTotal;
}

const sandboxToken = paypalSandboxToken;

/** The simulator's REST API, as a merchant holding the sandbox credentials calls it. */
const sandboxApi = <T = unknown>(method: 'GET' | 'POST', apiPath: string, body: unknown = {}) =>
  paypalSandboxApi<T>(method, apiPath, sandbox, body);

interface SandboxEvent {
  id: string;
  event_type: string;
  // A dispute's event (another test's, in the same simulator) has no supplementary_data.
  resource: { supplementary_data?: { related_ids: { order_id: string } } };
  sandbox_deliveries: { status: number | null }[];
}

async function deliveredEvent(orderId: string, transmissions = 1): Promise<SandboxEvent> {
  return eventually(async () => {
    const { body } = await sandboxApi<{ events: SandboxEvent[] }>('GET', '/v1/notifications/webhooks-events');
    const event = body.events.find((e) => e.resource.supplementary_data?.related_ids.order_id === orderId);
    const deliveries = event?.sandbox_deliveries ?? [];
    if (!event || deliveries.length < transmissions || deliveries.some((d) => d.status === null))
      throw new Error(`no delivered webhook for order ${orderId}`);
    return event;
  });
}

const cardDonation = (amount: number, tip = 0): Promise<DonationData> =>
  donated(
    donationBody({
      campaignUrl: campaign.url,
      currencyId: 2,
      paymentMethod: PaymentGateway.PayPalCard,
      amount,
      tipOrAdminFeeAmount: tip,
    }),
    donor,
  );

/** A button on PayPal's (simulated) card page; returns where the browser goes. */
async function decide(orderId: string, action: 'pay' | 'cancel' | 'decline'): Promise<URL> {
  const res = await page('/sandbox/paypal/checkoutnow', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: orderId, action }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

const statusOf = async (donation: DonationData): Promise<number> =>
  (await getDonation(donation.jwtTokenStringDonationId)).body.data.status;

beforeAll(async () => {
  campaign = await launchedCampaign(await demoToken('zanele'));
  donor = await demoToken('fatima');
  sandbox = await sandboxToken();
});

describe('PayPal card (3) through the simulator', () => {
  it("opens PayPal's card page, captures on return and books once, whatever the webhook replays", async () => {
    const before = await raised();
    const donation = await cardDonation(20, 2);
    const orderId = donation.orderId ?? '';
    expect(donation.paymentMethod).toBe(PaymentGateway.PayPalCard);
    expect(donation.transactionInfo.paymentUrl).toBe(
      `${baseUrl}/sandbox/paypal/checkoutnow?token=${orderId}`,
    );
    const cardPage = await page(path(donation.transactionInfo.paymentUrl ?? ''));
    expect(cardPage.status).toBe(200);
    expect(cardPage.html).toContain('Pay with debit or credit card');
    expect(cardPage.html).toContain('$ 22.00 USD');

    const back = await decide(orderId, 'pay');
    expect(back.origin + back.pathname).toBe(`${baseUrl}/api/v1/payments/paypal/return`);
    const returned = await page(path(back.href));
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(
      `${baseUrl}/thanks?donation=${donation.jwtTokenStringDonationId}`,
    );
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);
    expect(await raised()).toBe(before + 20 * RATE);

    const event = await deliveredEvent(orderId);
    expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(event.sandbox_deliveries[0]?.status).toBe(200);
    expect((await sandboxApi('POST', `/v1/notifications/webhooks-events/${event.id}/resend`)).status).toBe(
      202,
    );
    expect((await deliveredEvent(orderId, 2)).sandbox_deliveries[1]?.status).toBe(200);
    expect((await page(path(back.href))).status).toBe(303);
    expect(await raised()).toBe(before + 20 * RATE);
  });

  it('books two card payments once each when returns and webhooks arrive replayed, shuffled and at once', async () => {
    const before = await raised();
    const first = await cardDonation(15);
    const second = await cardDonation(12, 1);
    const backs = [await decide(first.orderId ?? '', 'pay'), await decide(second.orderId ?? '', 'pay')];
    // Neither return has reached us: the captures themselves race (a reload while the first is
    // still capturing), in any order.
    const returns = backs.flatMap((back) => Array.from({ length: 3 }, () => () => page(path(back.href))));
    for (const res of await Promise.all(shuffled(returns, randomFrom(Date.now())).map((r) => r())))
      expect(res.status).toBe(303);
    for (const donation of [first, second]) expect(await statusOf(donation)).toBe(DonationStatus.Accepted);
    expect(await raised()).toBe(before + (15 + 12) * RATE);

    // PayPal's webhooks for both captures, resent twice each, beside more reloads, all at once.
    const events = await Promise.all([first, second].map((d) => deliveredEvent(d.orderId ?? '')));
    const late = [
      ...events.flatMap((event) =>
        Array.from(
          { length: 2 },
          () => () => sandboxApi('POST', `/v1/notifications/webhooks-events/${event.id}/resend`),
        ),
      ),
      ...backs.map((back) => () => page(path(back.href))),
    ];
    await Promise.all(shuffled(late, randomFrom(Date.now())).map((send) => send()));
    for (const [i, donation] of [first, second].entries()) {
      const delivered = await deliveredEvent(donation.orderId ?? '', 3);
      expect(
        delivered.sandbox_deliveries.map((d) => d.status),
        `webhook ${i}`,
      ).toEqual([200, 200, 200]);
    }
    expect(await raised()).toBe(before + (15 + 12) * RATE);
  });

  it('a forged webhook changes nothing', async () => {
    const before = await raised();
    const donation = await cardDonation(25);
    const res = await fetch(`${baseUrl}/api/v1/payments/paypal/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${baseUrl}/sandbox/paypal/v1/notifications/certs/CERT-360caa42-fca2a594-sandbox`,
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
        'paypal-transmission-time': new Date().toISOString(),
      },
      body: JSON.stringify({
        id: 'WH-FORGED-CARD',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: {
          id: 'FORGEDCARDCAPTURE',
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '25.00' },
          custom_id: donation.transactionInfo.referenceNumber,
          supplementary_data: { related_ids: { order_id: donation.orderId } },
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(await statusOf(donation)).toBe(DonationStatus.Pending);
    expect(await raised()).toBe(before);
  });

  it('a genuine capture of the wrong amount for the donation is not booked', async () => {
    const before = await raised();
    const donation = await cardDonation(30);
    // Another order at PayPal naming this donation's reference, for $3: paid and captured there.
    const other = await sandboxApi<{ id: string }>('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: donation.transactionInfo.referenceNumber,
          custom_id: donation.transactionInfo.referenceNumber,
          amount: { currency_code: 'USD', value: '3.00' },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${baseUrl}/thanks`,
            cancel_url: `${baseUrl}/thanks`,
            landing_page: 'GUEST_CHECKOUT',
          },
        },
      },
    });
    expect(other.status).toBe(201);
    await decide(other.body.id, 'pay');
    expect((await sandboxApi('POST', `/v2/checkout/orders/${other.body.id}/capture`)).status).toBe(201);
    // PayPal's genuine webhook for that capture reaches us and is answered; nothing is booked.
    await deliveredEvent(other.body.id);
    expect(await statusOf(donation)).toBe(DonationStatus.Pending);
    expect(await raised()).toBe(before);
  });

  it('a declined card keeps the donor on PayPal’s page and changes nothing', async () => {
    const before = await raised();
    const donation = await cardDonation(40);
    const orderId = donation.orderId ?? '';
    const declined = await decide(orderId, 'decline');
    expect(path(declined.href)).toBe(`/sandbox/paypal/checkoutnow?token=${orderId}`);
    expect((await page(path(declined.href))).html).toContain('Your card was declined.');
    // A return without approval (the donor going back by hand) captures nothing.
    expect((await page(`/api/v1/payments/paypal/return?token=${orderId}`)).status).toBe(303);
    const order = await sandboxApi<{ status: string }>('GET', `/v2/checkout/orders/${orderId}`);
    expect(order.body.status).toBe('PAYER_ACTION_REQUIRED');
    expect(await statusOf(donation)).toBe(DonationStatus.Pending);
    expect(await raised()).toBe(before);
  });

  it('a payment cancelled on PayPal’s card page changes nothing, even if the donor comes back by hand', async () => {
    const before = await raised();
    const donation = await cardDonation(35);
    const orderId = donation.orderId ?? '';
    const cancelled = await decide(orderId, 'cancel');
    expect(cancelled.pathname).not.toBe('/api/v1/payments/paypal/return');
    expect(cancelled.searchParams.get('token')).toBe(orderId);
    expect((await page(`/api/v1/payments/paypal/return?token=${orderId}`)).status).toBe(303);
    const order = await sandboxApi<{ status: string }>('GET', `/v2/checkout/orders/${orderId}`);
    expect(order.body.status).not.toBe('COMPLETED');
    expect(await statusOf(donation)).not.toBe(DonationStatus.Accepted);
    expect(await raised()).toBe(before);
  });

  it('is offered in dollars only', async () => {
    const res = await fetch(`${baseUrl}/api/v1/donations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${donor}` },
      body: JSON.stringify(
        donationBody({ campaignUrl: campaign.url, currencyId: 1, paymentMethod: PaymentGateway.PayPalCard }),
      ),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: unknown }).data).toEqual({
      paymentMethod: ['This payment method is not available for this campaign and currency.'],
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation, pollDonation } from './support/donations';
import { baseUrl, page, pathOf } from './support/http';
import { paypalSandboxApi, paypalSandboxToken } from './support/paypalSandbox';

// The server under test uses the default (sandbox) PayPal credentials of src/lib/server/env.ts and
// the default USD_TO_ZAR_RATE of 18.
const RATE = 18;

const path = pathOf;

const raised = raisedOn;

const sandboxToken = paypalSandboxToken;
const sandboxApi = paypalSandboxApi;

interface SandboxEvent {
  id: string;
  event_type: string;
  // A dispute's event (another test's, in the same simulator) has no supplementary_data.
  resource: { id: string; supplementary_data?: { related_ids: { order_id: string } } };
  sandbox_deliveries: { status: number | null }[];
}

/** The simulator's webhook event for an order, once every transmission of it has been answered. */
async function deliveredEvent(orderId: string, token: string, transmissions = 1): Promise<SandboxEvent> {
  return eventually(async () => {
    const { body } = await sandboxApi<{ events: SandboxEvent[] }>(
      'GET',
      '/v1/notifications/webhooks-events',
      token,
    );
    const event = body.events.find((e) => e.resource.supplementary_data?.related_ids.order_id === orderId);
    const deliveries = event?.sandbox_deliveries ?? [];
    if (!event || deliveries.length < transmissions || deliveries.some((d) => d.status === null))
      throw new Error(`no delivered webhook for order ${orderId}`);
    return event;
  });
}

const paypalDonation = (amount: number, tip = 0): Record<string, unknown> =>
  donationBody({ currencyId: 2, paymentMethod: PaymentGateway.PayPal, amount, tipOrAdminFeeAmount: tip });

/** The approve page's button; returns where the browser goes. */
async function decide(donation: DonationData, action: 'pay' | 'cancel'): Promise<URL> {
  const orderId = donation.orderId ?? '';
  const res = await page('/sandbox/paypal/checkoutnow', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: orderId, action }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '');
}

describe('PayPal through the simulator', () => {
  let campaign: SavedCampaign;
  let donor: string;

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('zanele'));
    donor = await demoToken('fatima');
  });

  it('creates an order and sends the donor to its approve page', async () => {
    const donation = await donated({ ...paypalDonation(10, 1), campaignUrl: campaign.url }, donor);
    expect(donation.orderId).toMatch(/^[A-Z0-9]{17}$/);
    expect(donation.transactionInfo.payPalOrder).toMatchObject({
      orderId: donation.orderId,
      trackingId: donation.transactionInfo.referenceNumber,
    });
    expect(donation.transactionInfo.paymentUrl).toBe(
      `${baseUrl}/sandbox/paypal/checkoutnow?token=${donation.orderId}`,
    );
    const approve = await page(path(donation.transactionInfo.paymentUrl ?? ''));
    expect(approve.status).toBe(200);
    expect(approve.html).toMatch(/>\s*Pay\s*<\/button>/);
    expect(approve.html).toMatch(/>\s*Cancel\s*<\/button>/);
    expect(approve.html).toContain('$ 11.00 USD');

    const token = await sandboxToken();
    const order = await sandboxApi('GET', `/v2/checkout/orders/${donation.orderId}`, token);
    expect(order.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: donation.transactionInfo.referenceNumber,
          custom_id: donation.transactionInfo.referenceNumber,
          amount: { currency_code: 'USD', value: '11.00' },
        },
      ],
    });
  });

  it('captures on return, counts the dollars at the rate once, whatever the webhook and reloads do', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...paypalDonation(10, 1), campaignUrl: campaign.url }, donor);
    const orderId = donation.orderId ?? '';
    const sandbox = await sandboxToken();

    // Capturing before the donor approved is refused, as at PayPal.
    const early = await sandboxApi<{ details: { issue: string }[] }>(
      'POST',
      `/v2/checkout/orders/${orderId}/capture`,
      sandbox,
    );
    expect(early.status).toBe(422);
    expect(early.body.details[0]?.issue).toBe('ORDER_NOT_APPROVED');

    const back = await decide(donation, 'pay');
    expect(back.origin + back.pathname).toBe(`${baseUrl}/api/v1/payments/paypal/return`);
    expect(back.searchParams.get('token')).toBe(orderId);
    expect(back.searchParams.get('PayerID')).toBeTruthy();

    const returned = await page(path(back.href));
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(
      `${baseUrl}/thanks?donation=${donation.jwtTokenStringDonationId}`,
    );
    const accepted = await pollDonation(
      donation.jwtTokenStringDonationId,
      (d) => d.status === DonationStatus.Accepted,
    );
    expect(accepted.settledAt).not.toBeNull();
    // $10 to a rand campaign counts R 180; the $1 tip is not the campaign's.
    expect(await raised(campaign)).toBe(before + 10 * RATE);

    // PayPal's webhook for the same capture arrives after the return, and is sent again.
    const event = await deliveredEvent(orderId, sandbox);
    expect(event.event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(event.sandbox_deliveries[0]?.status).toBe(200);
    expect(
      (await sandboxApi('POST', `/v1/notifications/webhooks-events/${event.id}/resend`, sandbox)).status,
    ).toBe(202);
    expect((await deliveredEvent(orderId, sandbox, 2)).sandbox_deliveries[1]?.status).toBe(200);

    // The donor reloads the return page: PayPal refuses a second capture; still one payment.
    expect((await sandboxApi('POST', `/v2/checkout/orders/${orderId}/capture`, sandbox)).status).toBe(422);
    const reloaded = await page(path(back.href));
    expect(reloaded.status).toBe(303);
    expect(reloaded.headers.get('location')).toContain('/thanks?donation=');

    expect(await raised(campaign)).toBe(before + 10 * RATE);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Accepted,
    );
  });

  it('hands the donor token only to the browser that started the checkout; an order id alone books but names no donation', async () => {
    const donation = await donated({ ...paypalDonation(12), campaignUrl: campaign.url }, donor);
    const other = await donated({ ...paypalDonation(13), campaignUrl: campaign.url }, donor);
    const orderId = donation.orderId ?? '';
    const back = await decide(donation, 'pay');
    // The return link PayPal was given carries the donor's own token.
    expect(back.searchParams.get('donation')).toBe(donation.jwtTokenStringDonationId);

    // The campaign owner sees the order id; with it alone (or with another donation's token) the
    // return books the payment but gives away no token.
    for (const query of [
      `token=${orderId}&PayerID=${back.searchParams.get('PayerID')}`,
      `donation=${encodeURIComponent(other.jwtTokenStringDonationId)}&token=${orderId}`,
      `donation=forged&token=${orderId}`,
    ]) {
      const res = await page(`/api/v1/payments/paypal/return?${query}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`${baseUrl}/thanks`);
    }
    await pollDonation(donation.jwtTokenStringDonationId, (d) => d.status === DonationStatus.Accepted);

    const returned = await page(path(back.href));
    expect(returned.headers.get('location')).toBe(
      `${baseUrl}/thanks?donation=${donation.jwtTokenStringDonationId}`,
    );
  });

  it('books a webhook only when PayPal vouches for it', async () => {
    const donation = await donated({ ...paypalDonation(25), campaignUrl: campaign.url }, donor);
    const forged = {
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource_type: 'capture',
      resource: {
        id: 'FORGEDCAPTURE0001',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '25.00' },
        custom_id: donation.transactionInfo.referenceNumber,
        supplementary_data: { related_ids: { order_id: donation.orderId } },
      },
    };
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
      body: JSON.stringify(forged),
    });
    expect(res.status).toBe(400);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );
  });

  it('Cancel on the approve page returns to the campaign with the donation still pending', async () => {
    const donation = await donated({ ...paypalDonation(15), campaignUrl: campaign.url }, donor);
    const back = await decide(donation, 'cancel');
    expect(back.pathname).toBe(`/donation/${campaign.url}`);
    expect(back.searchParams.get('cancelled')).toBe(donation.jwtTokenStringDonationId);
    expect(back.searchParams.get('token')).toBe(donation.orderId);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );
  });

  it('answers 404 on a return for an order nobody made', async () => {
    const res = await page('/api/v1/payments/paypal/return?token=NOSUCHORDER000000');
    expect(res.status).toBe(404);
  });
});

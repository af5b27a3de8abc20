import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '~/lib/contracts/admin';
import type { RefundView } from '~/lib/contracts/refunds';
import { RefundKind } from '~/lib/enums';
import { send } from './support/accounts';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign } from './support/campaigns';
import type { DonationData } from './support/donations';
import { baseUrl, page } from './support/http';
import { paidGift } from './support/paidGifts';
import { paypalSandboxApi, paypalSandboxToken } from './support/paypalSandbox';

// Issue 25, disputes: PayPal's dispute webhooks (verified like its other webhooks) book a chargeback
// and, when the dispute is won, its reversal; staff record a card chargeback for PayFast or iVeri and
// reverse it. Each is a ledger row, booked once, and every total follows.

let admin: string;
let owner: string;
let donor: string;

beforeAll(async () => {
  [admin, owner, donor] = await Promise.all([demoToken('nomvula'), demoToken('zanele'), demoToken('sipho')]);
});

async function captureOf(gift: DonationData): Promise<string> {
  const token = await paypalSandboxToken();
  const order = await paypalSandboxApi<{ purchase_units: { payments?: { captures: { id: string }[] } }[] }>(
    'GET',
    `/v2/checkout/orders/${gift.orderId}`,
    token,
  );
  const id = order.body.purchase_units[0]?.payments?.captures[0]?.id;
  if (!id) throw new Error('no capture');
  return id;
}

async function dispute(
  captureId: string,
  action: string,
  disputeId?: string,
): Promise<{ dispute_id: string; event_id: string }> {
  const res = await fetch(`${baseUrl}/sandbox/paypal/disputes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ capture_id: captureId, action, dispute_id: disputeId }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { dispute_id: string; event_id: string };
}

async function auditActions(donationId: string): Promise<string[]> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?pageSize=100&entity=donation&entityId=${donationId}`,
    undefined,
    admin,
  );
  return res.body.data.items.map((e) => e.action);
}

describe('PayPal disputes', () => {
  let campaign: SavedCampaign;
  beforeAll(async () => {
    campaign = await launchedCampaign(owner);
  });

  it('a dispute takes the gift from the total once, and winning it gives it back once', async () => {
    const base = await raisedOn(campaign);
    const gift = await paidGift(campaign, 'paypal', donor, { amount: 20 });
    const before = await raisedOn(campaign);
    expect(before).toBeGreaterThan(base);
    const capture = await captureOf(gift);
    const opened = await dispute(capture, 'create');
    expect(await raisedOn(campaign)).toBe(base);

    // PayPal retries: the same event again books nothing more.
    const resend = await fetch(
      `${baseUrl}/sandbox/paypal/v1/notifications/webhooks-events/${opened.event_id}/resend`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await paypalSandboxToken()}`,
          'content-type': 'application/json',
        },
        body: '{}',
      },
    );
    expect(resend.status).toBeLessThan(300);
    expect(await raisedOn(campaign)).toBe(base);

    await dispute(capture, 'resolve-seller', opened.dispute_id);
    expect(await raisedOn(campaign)).toBe(before);
    expect((await auditActions(gift.id)).filter((a) => a === 'paypal-dispute')).toHaveLength(2);
  });

  it('a dispute decided for the buyer keeps the chargeback', async () => {
    const base = await raisedOn(campaign);
    const gift = await paidGift(campaign, 'paypal', donor, { amount: 15 });
    const capture = await captureOf(gift);
    const opened = await dispute(capture, 'create');
    await dispute(capture, 'resolve-buyer', opened.dispute_id);
    expect(await raisedOn(campaign)).toBe(base);
  });

  it('a forged dispute webhook is refused and books nothing', async () => {
    const gift = await paidGift(campaign, 'paypal', donor, { amount: 12 });
    const before = await raisedOn(campaign);
    const forged = await page('/api/v1/payments/paypal/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://example.com/cert',
        'paypal-transmission-id': 'forged',
        'paypal-transmission-sig': 'bm90IGEgc2lnbmF0dXJl',
        'paypal-transmission-time': new Date().toISOString(),
      },
      body: JSON.stringify({
        id: 'WH-FORGED',
        event_type: 'CUSTOMER.DISPUTE.CREATED',
        resource: {
          dispute_id: 'PP-D-FORGED',
          disputed_transactions: [{ seller_transaction_id: await captureOf(gift) }],
        },
      }),
    });
    expect(forged.status).toBe(400);
    expect(await raisedOn(campaign)).toBe(before);
  });
});

describe('card chargebacks recorded by staff', () => {
  it('book once, never beyond what remains, and are reversed when the dispute is won', async () => {
    const campaign = await launchedCampaign(owner);
    const gift = await paidGift(campaign, 'payfast', donor, { amount: 400 });
    const body = { amount: 150, reason: 'Cardholder says not authorised.', reference: 'CB-2026-1101' };
    const [first, second] = await Promise.all([
      send<{ refund: RefundView }>('POST', `/api/v1/admin/donations/${gift.id}/chargeback`, body, admin),
      send<{ refund: RefundView }>('POST', `/api/v1/admin/donations/${gift.id}/chargeback`, body, admin),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.data.refund.kind).toBe(RefundKind.Chargeback);
    expect(await raisedOn(campaign)).toBe(250);

    const beyond = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/chargeback`,
      { ...body, amount: 300, reference: 'CB-2' },
      admin,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.text).toContain('at most R 250.00');

    const reversed = await send<{ refund: RefundView }>(
      'POST',
      `/api/v1/admin/refunds/${first.body.data.refund.id}/reverse`,
      { reason: 'Bank decided for us.' },
      admin,
    );
    expect(reversed.status, reversed.text).toBe(201);
    expect(reversed.body.data.refund.kind).toBe(RefundKind.ChargebackReversal);
    expect(await raisedOn(campaign)).toBe(400);
    const again = await send(
      'POST',
      `/api/v1/admin/refunds/${first.body.data.refund.id}/reverse`,
      { reason: 'Twice.' },
      admin,
    );
    expect(again.status).toBe(200);
    expect(await raisedOn(campaign)).toBe(400);
    const actions = await auditActions(gift.id);
    expect(actions.filter((a) => a === 'record-chargeback')).toHaveLength(1);
    expect(actions.filter((a) => a === 'reverse-chargeback')).toHaveLength(1);
  });

  it('is for card payments only', async () => {
    const campaign = await launchedCampaign(owner);
    const gift = await paidGift(campaign, 'ozow', donor, { amount: 100 });
    const res = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/chargeback`,
      { reason: 'x', reference: 'CB-3' },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('Chargebacks are recorded for card payments');
  });
});

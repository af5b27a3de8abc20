import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '~/lib/contracts/admin';
import type { CampaignRefunds, RefundAllResult, RefundView } from '~/lib/contracts/refunds';
import { RefundMethod, RefundStatus } from '~/lib/enums';
import { eventually } from '../support/eventually';
import { mailsTo, send } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, raisedOn, type SavedCampaign } from './support/campaigns';
import { type PaidMethod, paidGift } from './support/paidGifts';

// Issue 25, refunds: staff refund a donation through its gateway's own refund call (each simulator
// answers it), or record a bank refund for EFT and gateways without one. A refund is a ledger row:
// it never takes more than remains, also when calls race or are retried, and every total follows it.

const NEEDS_BANK =
  'This payment can only be refunded by bank transfer: pay the donor back, then enter the bank reference of that transfer.';

let admin: string;
let owner: string;
let donor: string;

beforeAll(async () => {
  [admin, owner, donor] = await Promise.all([demoToken('nomvula'), demoToken('zanele'), demoToken('sipho')]);
});

const refund = (donationId: string, body: Record<string, unknown>, token = admin) =>
  send<{ refund: RefundView }>('POST', `/api/v1/admin/donations/${donationId}/refund`, body, token);

async function ledgerOf(campaign: SavedCampaign): Promise<CampaignRefunds> {
  const res = await send<CampaignRefunds>(
    'GET',
    `/api/v1/admin/campaigns/${campaign.id}/refunds`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function auditOf(donationId: string): Promise<string[]> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?pageSize=100&entity=donation&entityId=${donationId}`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items.map((entry) => entry.action);
}

async function expectMailed(to: string, subject: string): Promise<void> {
  await eventually(async () => expect((await mailsTo(to)).map((mail) => mail.subject)).toContain(subject), {
    timeout: 5000,
  });
}

describe('a refund through each gateway’s own refund call', () => {
  const gateways: PaidMethod[] = ['payfast', 'ozow', 'paypal', 'paypalCard', 'snapscan'];

  it.each(gateways)(
    '%s: the whole gift and its tip go back, the total falls, donor and owner are mailed',
    async (method) => {
      const campaign = await launchedCampaign(owner);
      const gift = await paidGift(campaign, method, donor, { tip: method.startsWith('paypal') ? 2 : 20 });
      const before = await raisedOn(campaign);
      expect(before).toBeGreaterThan(0);

      const res = await refund(gift.id, { reason: 'The donor gave twice by mistake.' });
      expect(res.status, res.text).toBe(201);
      const row = res.body.data.refund;
      expect(row.status).toBe(RefundStatus.Completed);
      expect(row.method).toBe(RefundMethod.Gateway);
      expect(row.externalReference).toBeTruthy();
      expect(row.amount).toBe(gift.amount);
      expect(row.tipAmount).toBe(method.startsWith('paypal') ? 2 : 20);

      expect(await raisedOn(campaign)).toBe(0);
      const ledger = await ledgerOf(campaign);
      expect(ledger.donations[0]?.remainingAmount).toBe(0);
      expect(ledger.refunded).toBe(before);
      const { name } = (await publicDetail(campaign.url)).body.data;
      await expectMailed(gift.email, `Your donation to ${name} was refunded`);
      expect(await auditOf(gift.id)).toEqual(['refund-donation']);

      // Nothing remains: a second refund is refused and changes nothing.
      const again = await refund(gift.id, { reason: 'Once more.' });
      expect(again.status, again.text).toBe(400);
      expect(await raisedOn(campaign)).toBe(0);
    },
  );

  it('a refund the gateway refuses counts nothing and says why', async () => {
    const campaign = await launchedCampaign(owner);
    const gift = await paidGift(campaign, 'payfast', donor);
    const res = await refund(gift.id, { reason: 'SANDBOX-REFUSE please' });
    expect(res.status, res.text).toBe(502);
    expect(res.text).toContain('PayFast refused the refund');
    expect(await raisedOn(campaign)).toBe(250);
    const ledger = await ledgerOf(campaign);
    expect(ledger.donations[0]?.refunds.map((r) => r.status)).toEqual([RefundStatus.Failed]);
    expect(ledger.donations[0]?.remainingAmount).toBe(250);
  });
});

describe('refunds without a refund call', () => {
  it.each(['eft', 'iveri'] as const)(
    '%s needs the bank reference, and with it the refund is booked',
    async (method) => {
      const campaign = await launchedCampaign(owner);
      const gift = await paidGift(campaign, method, donor, { adminToken: admin });
      const without = await refund(gift.id, { reason: 'The campaign was cancelled.' });
      expect(without.status, without.text).toBe(400);
      expect(without.text).toContain(NEEDS_BANK);
      expect(await raisedOn(campaign)).toBe(250);

      const res = await refund(gift.id, {
        reason: 'The campaign was cancelled.',
        bankReference: 'FNB 88231',
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.refund).toMatchObject({
        status: RefundStatus.Completed,
        method: RefundMethod.Manual,
        externalReference: 'FNB 88231',
      });
      expect(await raisedOn(campaign)).toBe(0);
    },
  );
});

describe('never more than remains', () => {
  it('a part, then the rest; beyond what remains is refused with the most that may go back', async () => {
    const campaign = await launchedCampaign(owner);
    const gift = await paidGift(campaign, 'ozow', donor, { amount: 300 });
    const part = await refund(gift.id, { amount: 100, reason: 'Half of the second ticket.' });
    expect(part.status, part.text).toBe(201);
    expect(part.body.data.refund.amount).toBe(100);
    expect(await raisedOn(campaign)).toBe(200);

    // The owner's "who gave" list shows the gift and what went back of it.
    const owned = await send<{ items: { id: string; amount: number; refundedAmount: number }[] }>(
      'GET',
      `/api/v1/campaigns/${campaign.id}/donations`,
      undefined,
      owner,
    );
    expect(owned.status, owned.text).toBe(200);
    expect(owned.body.data.items.find((d) => d.id === gift.id)).toMatchObject({
      amount: 300,
      refundedAmount: 100,
    });

    const beyond = await refund(gift.id, { amount: 250, reason: 'Too much.' });
    expect(beyond.status, beyond.text).toBe(400);
    expect(beyond.text).toContain('That is more than what remains of this donation: at most R 200.00.');
    expect(await raisedOn(campaign)).toBe(200);

    const rest = await refund(gift.id, { reason: 'The rest.' });
    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.data.refund.amount).toBe(200);
    expect(await raisedOn(campaign)).toBe(0);
  });

  it('five calls at once with one key refund once; five with different keys never take more than the gift', async () => {
    const campaign = await launchedCampaign(owner);
    const [first, second] = await Promise.all([
      paidGift(campaign, 'payfast', donor, { amount: 400 }),
      paidGift(campaign, 'snapscan', donor, { amount: 100 }),
    ]);
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(first.id, { amount: 150, reason: 'Retried.', idempotencyKey: `retry-${first.id}` }),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(same.map((r) => r.body.data.refund.id)).size).toBe(1);

    const different = await Promise.all(
      Array.from({ length: 5 }, () => refund(second.id, { reason: 'Double press.' })),
    );
    expect(different.filter((r) => r.status === 201)).toHaveLength(1);
    expect(different.filter((r) => r.status === 400)).toHaveLength(4);

    expect(await raisedOn(campaign)).toBe(250);
    const ledger = await ledgerOf(campaign);
    const counted = ledger.donations
      .flatMap((d) => d.refunds)
      .filter((r) => r.status !== RefundStatus.Failed);
    expect(counted.map((r) => r.amount).sort()).toEqual([100, 150]);
  });
});

describe('refunding every donation of a campaign', () => {
  it('refunds each gateway gift once, also when asked twice at once, and lists bank-only gifts as manual', async () => {
    const campaign = await launchedCampaign(owner);
    const gifts = await Promise.all([
      paidGift(campaign, 'payfast', donor, { amount: 120 }),
      paidGift(campaign, 'ozow', donor, { amount: 80 }),
      paidGift(campaign, 'eft', donor, { amount: 50, adminToken: admin }),
    ]);
    expect(gifts).toHaveLength(3);
    const [a, b] = await Promise.all([
      send<RefundAllResult>(
        'POST',
        `/api/v1/admin/campaigns/${campaign.id}/refund-all`,
        { reason: 'Fraud.' },
        admin,
      ),
      send<RefundAllResult>(
        'POST',
        `/api/v1/admin/campaigns/${campaign.id}/refund-all`,
        { reason: 'Fraud.' },
        admin,
      ),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(a.body.data.refunded + b.body.data.refunded).toBe(2);
    expect(a.body.data.manual).toBe(1);
    expect(await raisedOn(campaign)).toBe(50);
    const detail = await publicDetail(campaign.url);
    expect(detail.body.data.donationsReceivedTotal).toBe(50);
  });

  it('is for staff only', async () => {
    const campaign = await launchedCampaign(owner);
    const res = await send(
      'POST',
      `/api/v1/admin/campaigns/${campaign.id}/refund-all`,
      { reason: 'Mine.' },
      owner,
    );
    expect(res.status).toBe(403);
  });
});

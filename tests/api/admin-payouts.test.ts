import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminQueues, AuditPage } from '~/lib/contracts/admin';
import type { CampaignFundingInfo, PayoutCreated, PayoutView } from '~/lib/contracts/payouts';
import { PaymentGateway, PayoutStatus } from '~/lib/enums';
import { mailsTo, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  type SavedCampaign,
} from './support/campaigns';
import { donated, donationBody } from './support/donations';

const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');

let owner: SignedInAccount;
let admin: string;

beforeAll(async () => {
  owner = await verifyAndLogin({ firstName: 'Mpho', lastName: 'Payee' });
  admin = await demoToken('nomvula');
});

/** A campaign with R `amount` of accepted donations (EFT marked received by the admin). */
async function fundedCampaign(amount: number, fields: Record<string, unknown> = {}): Promise<SavedCampaign> {
  const campaign = await launchedCampaign(owner.accessToken, fields);
  const donation = await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: 0,
      campaignUrl: campaign.url,
    }),
  );
  const res = await send('PATCH', `/api/v1/admin/donations/${donation.id}/eft-received`, { amount }, admin);
  expect(res.status, res.text).toBe(200);
  return campaign;
}

async function acceptedBanking(campaign: SavedCampaign): Promise<void> {
  const form = formOf(
    {
      bankingDetails: {
        accountHolderName: 'Mpho Payee',
        idType: 1,
        idNumber: '8001015009087',
        accountNumber: '62845190273',
        bankCode: '250655',
        accountType: 0,
      },
    },
    [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart<OwnerView>(
    'PATCH',
    `/api/v1/campaigns/${campaign.id}/verification`,
    form,
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(200);
  const details = (await ownerView(owner.accessToken, campaign.id)).bankingDetail as { id: string };
  const decided = await send(
    'PATCH',
    `/api/v1/admin/banking-details/${details.id}`,
    { accepted: true },
    admin,
  );
  expect(decided.status, decided.text).toBe(200);
}

async function requested(campaign: SavedCampaign, payoutAmount: number): Promise<PayoutCreated> {
  const res = await send<PayoutCreated>(
    'POST',
    '/api/v1/payouts/',
    { campaignFundingInfo: [{ id: campaign.id, payoutAmount }], description: 'Wheelchair', notes: '' },
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const decide = (id: string, body: unknown, token = admin) =>
  send<PayoutView>('PATCH', `/api/v1/admin/payouts/${id}`, body, token);

async function available(campaign: SavedCampaign): Promise<number> {
  const res = await send<CampaignFundingInfo>(
    'GET',
    `/api/v1/campaigns/${campaign.id}/funding`,
    undefined,
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.totalFundsAvailable;
}

/** The staff entries of the payout's audit trail, newest first (the request itself is the owner's). */
async function auditCount(payoutId: string): Promise<AuditPage['items']> {
  const res = await send<AuditPage>(
    'GET',
    `/api/v1/admin/audit?entity=payout&entityId=${payoutId}`,
    undefined,
    admin,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data.items.filter((e) => e.action.startsWith('admin-'));
}

describe('PATCH /admin/payouts/{id}', () => {
  it('goes pending → accepted → paid with a bank reference; each step audited once and mailed', async () => {
    const campaign = await fundedCampaign(500);
    await acceptedBanking(campaign);
    const payout = await requested(campaign, 200);
    expect(await available(campaign)).toBe(300);

    const queue = await send<AdminQueues['payouts']>(
      'GET',
      '/api/v1/admin/queues/payouts?pageSize=50&pageNo=1',
      undefined,
      admin,
    );
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.data.paginationMetadata.totalCount).toBeGreaterThan(0);

    const tooEarly = await decide(payout.id, { status: PayoutStatus.Paid, reference: 'FNB-1' });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.meta.message).toBe('Accept the payout before marking it paid.');

    const accepted = await decide(payout.id, { status: PayoutStatus.Accepted });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.meta.message).toBe('Payout accepted.');
    expect(accepted.body.data.status).toBe(PayoutStatus.Accepted);
    expect(await auditCount(payout.id)).toMatchObject([
      { action: 'admin-payout-accepted', before: { status: 0 }, after: { status: 1 } },
    ]);
    expect(
      (await mailsTo(owner.email)).some((m) => m.subject.startsWith('Your payout request was accepted')),
    ).toBe(true);

    const again = await decide(payout.id, { status: PayoutStatus.Accepted });
    expect(again.status).toBe(400);
    expect(again.body.meta.message).toBe('This payout is already accepted.');

    const noReference = await decide(payout.id, { status: PayoutStatus.Paid, reference: '  ' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.data).toEqual({ reference: ['Please enter the bank reference.'] });

    const paid = await decide(payout.id, { status: PayoutStatus.Paid, reference: 'FNB-20261124-0042' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: PayoutStatus.Paid, reference: 'FNB-20261124-0042' });
    const entries = await auditCount(payout.id);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'admin-payout-paid',
      before: { status: 1, bankReference: null },
      after: { status: 3, bankReference: 'FNB-20261124-0042' },
    });
    const mail = (await mailsTo(owner.email)).find((m) => m.subject.startsWith('Your payout is on its way'));
    expect(mail?.text).toContain('FNB-20261124-0042');
    expect(await available(campaign)).toBe(300);

    const late = await decide(payout.id, { status: PayoutStatus.Declined, reason: 'Oops' });
    expect(late.status).toBe(400);
    expect(late.body.meta.message).toBe('This payout is already paid: it cannot change any more.');
  });

  it('declines with a reason: mailed, and the amount is available again', async () => {
    const campaign = await fundedCampaign(300);
    await acceptedBanking(campaign);
    const payout = await requested(campaign, 100);
    expect(await available(campaign)).toBe(200);
    const noReason = await decide(payout.id, { status: PayoutStatus.Declined });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toEqual({ reason: ['Please give a reason.'] });

    const reason = 'The description does not match the campaign’s purpose.';
    const res = await decide(payout.id, { status: PayoutStatus.Declined, reason });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: PayoutStatus.Declined, reason });
    expect(await available(campaign)).toBe(300);
    const mail = (await mailsTo(owner.email)).find((m) =>
      m.subject.startsWith('Your payout request was declined'),
    );
    expect(mail?.text).toContain(reason);
    expect(await auditCount(payout.id)).toHaveLength(1);
  });

  it('lets only one of two decisions made at the same moment move the payout', async () => {
    const campaign = await fundedCampaign(300);
    await acceptedBanking(campaign);
    const payout = await requested(campaign, 100);
    const answers = await Promise.all([
      decide(payout.id, { status: PayoutStatus.Accepted }),
      decide(payout.id, { status: PayoutStatus.Accepted }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await auditCount(payout.id)).toHaveLength(1);
  });

  it('accepting a Bluetick invoice payout accepts the supplier’s details; rejected details cannot be paid', async () => {
    const supplier = {
      accountHolderName: 'Umhlanga Physio Clinic',
      accountHolderEmail: 'accounts@physio.example',
      accountNumber: '4071234567',
      bankName: 'Capitec',
      accountType: 2,
    };
    const invoicePayout = async (campaign: SavedCampaign, payoutAmount: number) => {
      const form = formOf(
        { campaignId: campaign.id, payoutAmount, description: 'Invoice INV-7', bankingDetails: supplier },
        [{ name: 'invoice.pdf', bytes: pdf, type: 'application/pdf' }],
        'blueTickPayoutDocument',
      );
      const res = await multipart<PayoutCreated>(
        'POST',
        '/api/v1/payouts/bluetick-payout',
        form,
        owner.accessToken,
      );
      expect(res.status, res.text).toBe(201);
      return res.body.data;
    };
    const campaign = await fundedCampaign(800, { fundingType: 1 });
    const payout = await invoicePayout(campaign, 300);
    expect((await decide(payout.id, { status: PayoutStatus.Accepted })).status).toBe(200);
    const paid = await decide(payout.id, { status: PayoutStatus.Paid, reference: 'CAP-77' });
    expect(paid.status, paid.text).toBe(200);

    // Staff rejected the supplier's account in the banking queue: the payout cannot be paid to it.
    const second = await invoicePayout(campaign, 100);
    const queue = await send<AdminQueues['bankingDetails']>(
      'GET',
      '/api/v1/admin/queues/bankingDetails?pageSize=50',
      undefined,
      admin,
    );
    let supplierId: string | undefined;
    for (let page = 1; !supplierId && page <= queue.body.data.paginationMetadata.pageCount; page++) {
      const res = await send<AdminQueues['bankingDetails']>(
        'GET',
        `/api/v1/admin/queues/bankingDetails?pageSize=50&pageNo=${page}`,
        undefined,
        admin,
      );
      supplierId = res.body.data.items.find((i) => i.href === `/campaign/${campaign.url}`)?.id;
    }
    if (!supplierId) throw new Error('the supplier’s banking details are not in the queue');
    const rejected = await send(
      'PATCH',
      `/api/v1/admin/banking-details/${supplierId}`,
      { accepted: false, reason: 'The invoice and the account holder differ.' },
      admin,
    );
    expect(rejected.status, rejected.text).toBe(200);
    expect((await decide(second.id, { status: PayoutStatus.Accepted })).status).toBe(200);
    const refused = await decide(second.id, { status: PayoutStatus.Paid, reference: 'CAP-78' });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toBe(
      'The banking details of this payout have not been accepted yet: accept them in the banking details queue first.',
    );
  });

  it('answers 404 for an unknown payout and 400 for an unknown status', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', { status: 1 })).status).toBe(404);
    const bad = await decide('00000000-0000-4000-8000-000000000000', { status: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({
      status: ['Please choose the payout’s new status: accepted (1), declined (2) or paid (3).'],
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { send } from './support/accounts';
import {
  demoToken,
  launchedCampaign,
  patchCampaign,
  raisedOn,
  type SavedCampaign,
} from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation } from './support/donations';
import { expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

const received = (id: string, body: unknown, token?: string) =>
  send<DonationData>('POST', `/api/v1/donations/${id}/eft-received`, body, token);

const raised = raisedOn;

describe('POST /donations/{id}/eft-received', () => {
  let campaign: SavedCampaign;
  let donor: string;
  let admin: string;

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('zanele'));
    donor = await demoToken('lerato');
    admin = await demoToken('nomvula');
  });

  const eftDonation = (amount: number, tip: number) =>
    donated(
      donationBody({
        paymentMethod: PaymentGateway.EFT,
        amount,
        tipOrAdminFeeAmount: tip,
        campaignUrl: campaign.url,
      }),
      donor,
    );

  it('lets an admin mark the transfer received: accepted, counted once', async () => {
    const before = await raised(campaign);
    const donation = await eftDonation(300, 36);
    expect(donation.status).toBe(DonationStatus.Pending);

    const res = await received(donation.id, { amount: 336 }, admin);
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Donation marked as received.');
    expect(res.body.data).toMatchObject({
      id: donation.id,
      status: DonationStatus.Accepted,
      total: 336,
      paymentMethod: PaymentGateway.EFT,
      transactionInfo: {
        status: DonationStatus.Accepted,
        referenceNumber: donation.transactionInfo.referenceNumber,
      },
    });
    expect(res.body.data.settledAt).not.toBeNull();
    expect(await raised(campaign)).toBe(before + 300);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Accepted,
    );

    // Marking it again: no longer a pending EFT donation, and nothing is counted twice.
    const again = await received(donation.id, { amount: 336 }, admin);
    expect(again.status).toBe(409);
    expectFailureEnvelope(again.body);
    expect(await raised(campaign)).toBe(before + 300);
  });

  it('books a transfer that arrives after the donor cancelled in the browser', async () => {
    const before = await raised(campaign);
    const donation = await eftDonation(150, 0);
    const cancel = await send('PATCH', `/api/v1/donations/${donation.jwtTokenStringDonationId}`, {
      status: 3,
    });
    expect(cancel.status, cancel.text).toBe(200);
    const res = await received(donation.id, { amount: 150 }, admin);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: DonationStatus.Accepted });
    expect(await raised(campaign)).toBe(before + 150);
  });

  it("fixes the campaign's currency once a donation waits for its transfer", async () => {
    const owner = await demoToken('zanele');
    const fresh = await launchedCampaign(owner);
    const switchable = await patchCampaign(owner, fresh.id, { currency: '1' });
    expect(switchable.status, switchable.text).toBe(200);
    await donated(
      donationBody({
        paymentMethod: PaymentGateway.EFT,
        amount: 80,
        tipOrAdminFeeAmount: 0,
        campaignUrl: fresh.url,
      }),
      donor,
    );
    const locked = await patchCampaign(owner, fresh.id, { currency: '2' });
    expect(locked.status).toBe(400);
    expect(locked.body.data).toEqual({
      currency: ['The currency cannot change once donations have been received.'],
    });
  });

  it('accepts a cent either way', async () => {
    const donation = await eftDonation(100, 0);
    expect((await received(donation.id, { amount: 99.99 }, admin)).status).toBe(200);
  });

  it('refuses an amount that does not match the total, naming it', async () => {
    const donation = await eftDonation(250, 30);
    const res = await received(donation.id, { amount: 250 }, admin);
    expect(res.status).toBe(400);
    expectFailureEnvelope(res.body);
    const message = 'The amount received does not match this donation (R 280.00).';
    expect(res.body.data).toEqual({ amount: [message] });
    expect(res.body.meta.message).toBe(message);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );
  });

  it('is for admins only', async () => {
    const donation = await eftDonation(120, 0);
    expect((await received(donation.id, { amount: 120 })).status).toBe(401);
    const owner = await received(donation.id, { amount: 120 }, await demoToken('zanele'));
    expect(owner.status).toBe(403);
    expectFailureEnvelope(owner.body);
    expect((await received(donation.id, { amount: 120 }, donor)).status).toBe(403);
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );
  });

  it('answers 404 for an unknown donation and 409 for one not paid by EFT', async () => {
    expect((await received('00000000-0000-4000-8000-000000000000', { amount: 10 }, admin)).status).toBe(404);
    expect((await received('not-a-uuid', { amount: 10 }, admin)).status).toBe(404);
    const ozow = await donated(
      donationBody({
        paymentMethod: PaymentGateway.InstantEFT,
        amount: 50,
        tipOrAdminFeeAmount: 0,
        campaignUrl: campaign.url,
      }),
      donor,
    );
    const res = await received(ozow.id, { amount: 50 }, admin);
    expect(res.status).toBe(409);
    expectFailureEnvelope(res.body);
  });

  it('wants an amount', async () => {
    const donation = await eftDonation(40, 0);
    const res = await received(donation.id, {}, admin);
    expect(res.status).toBe(400);
    expect(res.body.data).toHaveProperty('amount');
  });
});

import { expect } from 'vitest';
import { PaymentGateway } from '~/lib/enums';
import type { AccessWorld } from './accessCases';
import { mailsTo, send } from './accounts';
import {
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  ownerView,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './campaigns';
import { TINY_PDF as PDF, validBanking } from './documents';
import { donated, donationBody } from './donations';
import { getData } from './http';
import { registerOrganisation } from './registeredOrganisation';

const BANKING = validBanking('Ayanda Access');

/** An EFT gift of R `amount` from the demo donor, waiting for its transfer; returns its id. */
async function pendingEftGift(campaign: SavedCampaign, amount: number): Promise<string> {
  const donation = await donated(
    donationBody({
      paymentMethod: PaymentGateway.EFT,
      amount,
      tipOrAdminFeeAmount: 0,
      campaignUrl: campaign.url,
    }),
    await demoToken('lerato'),
  );
  return donation.id;
}

/** The owner sends the campaign's banking details for verification; returns their id. */
async function submittedBanking(token: string, campaignId: string): Promise<string> {
  const form = formOf(
    { bankingDetails: BANKING },
    [{ name: 'id.pdf', bytes: PDF, type: 'application/pdf' }],
    'identificationDocumentation',
  );
  const res = await multipart('PATCH', `/api/v1/campaigns/${campaignId}/verification`, form, token);
  expect(res.status, res.text).toBe(200);
  const banking = (await ownerView(token, campaignId)).bankingDetail as { id: string } | null;
  if (!banking) throw new Error('the submitted banking details are not on the owner view');
  return banking.id;
}

/** A pending payout of R 200 from a campaign with R 500 received and accepted banking details. */
async function pendingPayout(token: string, admin: string): Promise<string> {
  const campaign = await launchedCampaign(token);
  const gift = await pendingEftGift(campaign, 500);
  const received = await send(
    'PATCH',
    `/api/v1/admin/donations/${gift}/eft-received`,
    { amount: 500 },
    admin,
  );
  expect(received.status, received.text).toBe(200);
  const banking = await submittedBanking(token, campaign.id);
  const accepted = await send('PATCH', `/api/v1/admin/banking-details/${banking}`, { accepted: true }, admin);
  expect(accepted.status, accepted.text).toBe(200);
  const payout = await send<{ id: string }>(
    'POST',
    '/api/v1/payouts',
    { campaignFundingInfo: [{ id: campaign.id, payoutAmount: 200 }], description: 'Kit', notes: '' },
    token,
  );
  expect(payout.status, payout.text).toBe(201);
  return payout.body.data.id;
}

/**
 * One owner (an organisation's Owner) with campaigns in every state the table needs, and what
 * the back office decides on: banking details, a payout, EFT gifts waiting for their transfer.
 */
export async function buildAccessWorld(): Promise<AccessWorld> {
  const organisation = await registerOrganisation(`Access Check Trust ${uniqueWord()}`);
  const owner = organisation.owner;
  const token = owner.accessToken;
  const admin = await demoToken('nomvula');
  const [draft, launchable, launched, closable, payoutId, events] = await Promise.all([
    readyCampaign(token),
    readyCampaign(token),
    launchedCampaign(token),
    launchedCampaign(token),
    pendingPayout(token, admin),
    getData<{ id: number }[]>('/api/v1/events'),
  ]);
  const [bankingDetailId, firstGift, secondGift] = await Promise.all([
    submittedBanking(token, launched.id),
    pendingEftGift(launched, 250),
    pendingEftGift(launched, 250),
  ]);
  const event = events[0];
  if (!event) throw new Error('the seed has no events');
  const [mail] = await mailsTo(owner.email);
  if (!mail) throw new Error('the owner was mailed nothing');
  return {
    owner: { id: owner.id, accessToken: token },
    draftId: draft.id,
    launchableId: launchable.id,
    launched,
    closableId: closable.id,
    organisationId: organisation.id,
    bankingDetailId,
    payoutId,
    eftDonationIds: [firstGift, secondGift],
    eventId: event.id,
    deliveredMailId: mail.id,
  };
}

import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefundRequest, RefundRequestState } from '~/lib/contracts/refunds';
import { RefundRequestStatus } from '~/lib/enums';
import { mailsTo, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, raisedOn, type SavedCampaign } from './support/campaigns';
import { paidGift } from './support/paidGifts';

// Issue 25 item 3: a donor asks for a refund from /thanks (the donation's token) or My Donations
// (its id with the session), within 30 days, one pending request at a time; staff refund or decline
// it, and the donor sees the state and is mailed.

let admin: string;
let owner: string;
let donor: SignedInAccount;
let stranger: SignedInAccount;
let campaign: SavedCampaign;

beforeAll(async () => {
  [admin, owner, donor, stranger] = await Promise.all([
    demoToken('nomvula'),
    demoToken('zanele'),
    verifyAndLogin({ firstName: 'Ayanda', lastName: 'Donor' }),
    verifyAndLogin({ firstName: 'Sizwe', lastName: 'Stranger' }),
  ]);
  campaign = await launchedCampaign(owner);
}, 120_000);

const ask = (key: string, reason: string, token?: string) =>
  send<RefundRequestState>(
    'POST',
    `/api/v1/donations/${encodeURIComponent(key)}/refund-request`,
    { reason },
    token,
  );

async function pending(): Promise<AdminRefundRequest[]> {
  const res = await send<AdminRefundRequest[]>('GET', '/api/v1/admin/refund-requests', undefined, admin);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('a donor asks for a refund', () => {
  it('by the token: one pending request, staff refund it, the donor sees Refunded and is mailed', async () => {
    const gift = await paidGift(campaign, 'payfast', donor.accessToken, { amount: 200, email: donor.email });
    const before = await raisedOn(campaign);
    const first = await ask(gift.jwtTokenStringDonationId, 'I gave to the wrong campaign.');
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.request?.status).toBe(RefundRequestStatus.Pending);
    const second = await ask(gift.jwtTokenStringDonationId, 'Again.');
    expect(second.status).toBe(400);
    expect(second.text).toContain('You already asked for a refund of this donation.');

    const request = (await pending()).find((r) => r.donationId === gift.id);
    expect(request).toMatchObject({ reason: 'I gave to the wrong campaign.', remainingAmount: 200 });
    const [a, b] = await Promise.all([
      send('PATCH', `/api/v1/admin/refund-requests/${request?.id}`, { decision: 'refund' }, admin),
      send('PATCH', `/api/v1/admin/refund-requests/${request?.id}`, { decision: 'refund' }, admin),
    ]);
    expect([a.status, b.status]).toContain(200);
    expect(await raisedOn(campaign)).toBe(before - 200);

    const state = await send<RefundRequestState>(
      'GET',
      `/api/v1/donations/${encodeURIComponent(gift.jwtTokenStringDonationId)}/refund-request`,
    );
    expect(state.body.data.request?.status).toBe(RefundRequestStatus.Refunded);
    expect(state.body.data.cannotAsk).toBe('This donation was refunded already.');
    expect((await mailsTo(donor.email)).some((m) => m.subject.includes('was refunded'))).toBe(true);
  });

  it('from My Donations by id; a stranger is refused; staff decline with a note the donor reads', async () => {
    const gift = await paidGift(campaign, 'ozow', donor.accessToken, { amount: 90, email: donor.email });
    const foreign = await ask(gift.id, 'Not mine.', stranger.accessToken);
    expect(foreign.status).toBe(403);
    const mine = await ask(gift.id, 'Charged twice.', donor.accessToken);
    expect(mine.status, mine.text).toBe(201);
    const request = (await pending()).find((r) => r.donationId === gift.id);
    const declined = await send(
      'PATCH',
      `/api/v1/admin/refund-requests/${request?.id}`,
      { decision: 'decline', note: 'We found one payment only.' },
      admin,
    );
    expect(declined.status, declined.text).toBe(200);
    const state = await send<RefundRequestState>(
      'GET',
      `/api/v1/donations/${gift.id}/refund-request`,
      undefined,
      donor.accessToken,
    );
    expect(state.body.data.request).toMatchObject({
      status: RefundRequestStatus.Declined,
      decisionNote: 'We found one payment only.',
    });
    expect(state.body.data.cannotAsk).toBeNull();
    expect((await mailsTo(donor.email)).some((m) => m.subject.startsWith('Your refund request for'))).toBe(
      true,
    );
  });

  it('needs a reason', async () => {
    const gift = await paidGift(campaign, 'snapscan', donor.accessToken, { amount: 50, email: donor.email });
    const res = await ask(gift.jwtTokenStringDonationId, '   ');
    expect(res.status).toBe(400);
    expect(res.text).toContain('Please tell us why you would like a refund.');
  });
});

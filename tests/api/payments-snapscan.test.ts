import { beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { demoToken, launchedCampaign, type SavedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody, getDonation } from './support/donations';
import { baseUrl, page, pathOf } from './support/http';
import { randomFrom, shuffled } from './support/moneyStress';
import {
  snapscanPayments as payments,
  raisedOn as raised,
  snapscanWebhook as webhook,
} from './support/snapscan';

const path = pathOf;

const snapscanDonation = (amount: number, tip = 0): Record<string, unknown> =>
  donationBody({ paymentMethod: PaymentGateway.SnapScan, amount, tipOrAdminFeeAmount: tip });

/** Presses a button on the simulated app's payment screen that `link` opens; returns the screen after. */
async function press(link: string, button: 'pay' | 'cancel' | 'fail'): Promise<string> {
  const res = await page(path(link), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: button }).toString(),
  });
  expect(res.status, res.html.slice(0, 300)).toBe(200);
  return res.html;
}

const linkOf = (donation: DonationData): string => {
  const link = donation.transactionInfo.paymentUrl;
  if (!link) throw new Error('no SnapScan link');
  return link;
};

describe('SnapScan through the simulator', () => {
  let campaign: SavedCampaign;
  let donor: string;

  beforeAll(async () => {
    campaign = await launchedCampaign(await demoToken('zanele'));
    donor = await demoToken('sipho');
  });

  it('starts with a strict payment link carrying the reference and the amount in cents', async () => {
    const donation = await donated({ ...snapscanDonation(120, 10), campaignUrl: campaign.url }, donor);
    const link = new URL(linkOf(donation));
    expect(link.origin + link.pathname).toBe(`${baseUrl}/sandbox/snapscan/qr/letsema-sandbox`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      id: donation.transactionInfo.referenceNumber,
      amount: '13000',
      strict: 'true',
    });
    // The same link as a QR code, for a laptop.
    expect(donation.transactionInfo.paymentQr).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(decodeURIComponent(donation.transactionInfo.paymentQr ?? '')).toContain(
      `QR code for ${link.href.replaceAll('&', '&amp;')}`,
    );
    const screen = await page(path(link.href));
    expect(screen.status).toBe(200);
    for (const name of ['Pay', 'Cancel', 'Fail'])
      expect(screen.html).toMatch(new RegExp(`>\\s*${name}\\s*</button>`));
    expect(screen.html).toContain('R 130.00');
  });

  it('books a paid donation once, ignoring forged, replayed and shuffled webhooks', async () => {
    const before = await raised(campaign);
    const first = await donated({ ...snapscanDonation(200, 20), campaignUrl: campaign.url }, donor);
    const second = await donated({ ...snapscanDonation(75), campaignUrl: campaign.url }, donor);
    const reference = first.transactionInfo.referenceNumber;

    // Before the donor pays: a webhook signed with another key, and one correctly signed for a
    // payment SnapScan does not have. Neither books, nor takes the id Pay will use.
    const claim = {
      id: 1_000_000,
      status: 'completed',
      totalAmount: 22_000,
      tipAmount: 0,
      merchantReference: reference,
    };
    expect(await webhook(claim, 'a-guessed-key')).toBe(200);
    expect(await webhook(claim)).toBe(200);
    expect((await getDonation(first.jwtTokenStringDonationId)).body.data.status).toBe(DonationStatus.Pending);

    expect(await press(linkOf(first), 'pay')).toContain('Paid R 220.00');
    expect(await press(linkOf(second), 'pay')).toContain('Paid R 75.00');
    // A webhook is booked before it is answered.
    const accepted = await getDonation(first.jwtTokenStringDonationId);
    expect(accepted.body.data.status).toBe(DonationStatus.Accepted);
    expect(accepted.body.data.settledAt).not.toBeNull();
    expect(await raised(campaign)).toBe(before + 200 + 75);

    // SnapScan sends webhooks again and in any order: each is booked once only.
    const [paidFirst] = await payments(reference);
    const [paidSecond] = await payments(second.transactionInfo.referenceNumber);
    for (const payment of [paidSecond, paidFirst, paidSecond, paidFirst])
      expect(await webhook(payment ?? {})).toBe(200);
    expect(await raised(campaign)).toBe(before + 200 + 75);

    // Strict: the same reference cannot be paid twice.
    const again = await page(path(linkOf(first)));
    expect(again.status).toBe(400);
    expect(again.html).toContain('This reference has already been paid.');
    expect(await payments(reference)).toHaveLength(1);
  });

  it('books each payment once when its webhooks arrive at once, shuffled, beside another payment being made', async () => {
    const before = await raised(campaign);
    const paid = [
      await donated({ ...snapscanDonation(45), campaignUrl: campaign.url }, donor),
      await donated({ ...snapscanDonation(65, 5), campaignUrl: campaign.url }, donor),
    ];
    const declined = await donated({ ...snapscanDonation(30), campaignUrl: campaign.url }, donor);
    const third = await donated({ ...snapscanDonation(25), campaignUrl: campaign.url }, donor);
    for (const donation of paid) await press(linkOf(donation), 'pay');
    await press(linkOf(declined), 'fail');
    const records = (
      await Promise.all([...paid, declined].map((d) => payments(d.transactionInfo.referenceNumber)))
    ).flat();
    expect(records.map((p) => p.status)).toEqual(['completed', 'completed', 'error']);

    // Every webhook four times, all at once in any order, while the third donor pays (its own
    // webhook racing the replays).
    const sends: (() => Promise<unknown>)[] = records.flatMap((record) =>
      Array.from({ length: 4 }, () => () => webhook(record)),
    );
    sends.push(() => press(linkOf(third), 'pay'));
    const answers = await Promise.all(shuffled(sends, randomFrom(Date.now())).map((send) => send()));
    for (const answer of answers) if (typeof answer === 'number') expect(answer).toBe(200);

    for (const donation of [...paid, third])
      expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
        DonationStatus.Accepted,
      );
    expect((await getDonation(declined.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Rejected,
    );
    expect(await raised(campaign)).toBe(before + 45 + 65 + 25);
  });

  it('does not book a payment of another amount (a link altered after it was made)', async () => {
    const before = await raised(campaign);
    const donation = await donated({ ...snapscanDonation(150), campaignUrl: campaign.url }, donor);
    const altered = new URL(linkOf(donation));
    altered.searchParams.set('amount', '100');
    expect(await press(altered.href, 'pay')).toContain('Paid R 1.00');
    expect((await getDonation(donation.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );
    expect(await raised(campaign)).toBe(before);
  });

  it('a cancelled payment changes nothing, a declined one rejects the donation', async () => {
    const before = await raised(campaign);
    const cancelled = await donated({ ...snapscanDonation(60), campaignUrl: campaign.url }, donor);
    expect(await press(linkOf(cancelled), 'cancel')).toContain('Payment cancelled');
    expect(await payments(cancelled.transactionInfo.referenceNumber)).toEqual([]);
    expect((await getDonation(cancelled.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Pending,
    );

    const declined = await donated({ ...snapscanDonation(80), campaignUrl: campaign.url }, donor);
    expect(await press(linkOf(declined), 'fail')).toContain('Payment declined');
    expect((await getDonation(declined.jwtTokenStringDonationId)).body.data.status).toBe(
      DonationStatus.Rejected,
    );
    expect(await raised(campaign)).toBe(before);
  });

  it('answers the Payments API only with the API key', async () => {
    const refused = await fetch(`${baseUrl}/sandbox/snapscan/merchant/api/v1/payments`, {
      headers: { Authorization: `Basic ${Buffer.from('wrong:').toString('base64')}` },
    });
    expect(refused.status).toBe(401);
  });
});

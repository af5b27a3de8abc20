import { randomUUID } from 'node:crypto';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '~/lib/contracts/admin';
import type { OwnerDonationPage, PublicDonation } from '~/lib/contracts/donations';
import { PaymentGateway } from '~/lib/enums';
import { mailsTo, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, publicDetail, type SavedCampaign } from './support/campaigns';
import { campaignDonations } from './support/donations';
import { baseUrl, page } from './support/http';
import {
  snapscanPayments as payments,
  raisedOn as raised,
  snapscanWebhook as webhook,
} from './support/snapscan';

// A campaign's printed poster may carry a SnapScan code (`?id=LTP-{campaign id}`, no amount, not
// strict). Whoever scans it pays in the app, and each payment SnapScan confirms becomes a donation
// to the campaign from the webhook alone (docs/api/donations.md "SnapScan poster code").

const posterReference = (campaignId: string): string => `LTP-${campaignId}`;
const posterPath = (reference: string): string =>
  `/sandbox/snapscan/qr/letsema-sandbox?${new URLSearchParams({ id: reference })}`;

/** Pays a poster code in the simulated app: types the amount (rand) and, optionally, a reference. */
async function payPoster(
  reference: string,
  amount: string,
  options: { action?: 'pay' | 'fail' | 'cancel'; userReference?: string } = {},
): Promise<{ status: number; html: string }> {
  const res = await page(posterPath(reference), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      action: options.action ?? 'pay',
      amount,
      userReference: options.userReference ?? '',
    }).toString(),
  });
  return { status: res.status, html: res.html };
}

/** Whether the poster's page draws `text` (pdf-lib writes the standard fonts' text as hex strings). */
async function posterSays(path: string, text: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
  const hex = `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;
  const contents = pdf.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && !object.dict.get(PDFName.of('Subtype')))
    .map(([, object]) => Buffer.from(decodePDFRawStream(object as PDFRawStream).decode()).toString('latin1'));
  return contents.some((content) => content.includes(hex));
}

async function publicList(campaign: SavedCampaign): Promise<PublicDonation[]> {
  const res = await campaignDonations(campaign.url, 'pageSize=50');
  expect(res.status, res.text).toBe(200);
  const data = res.body.data as { items?: PublicDonation[] } | PublicDonation[];
  return Array.isArray(data) ? data : (data.items ?? []);
}

async function ownerList(owner: SignedInAccount, campaign: SavedCampaign): Promise<OwnerDonationPage> {
  const res = await send<OwnerDonationPage>(
    'GET',
    `/api/v1/campaigns/${campaign.id}/donations?pageSize=50`,
    undefined,
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('a SnapScan poster payment', () => {
  let owner: SignedInAccount;
  let campaign: SavedCampaign;
  let admin: string;

  beforeAll(async () => {
    [owner, admin] = await Promise.all([
      verifyAndLogin({ firstName: 'Thandi', lastName: 'Poster' }),
      demoToken('nomvula'),
    ]);
    campaign = await launchedCampaign(owner.accessToken, { notificationFrequency: 1 });
  }, 120_000);

  it('shows the code on the poster on request, for a campaign that takes SnapScan', async () => {
    expect(await posterSays(`/campaign/${campaign.url}/poster.pdf`, 'Pay with SnapScan')).toBe(false);
    expect(await posterSays(`/campaign/${campaign.url}/poster.pdf?snapscan=1`, 'Pay with SnapScan')).toBe(
      true,
    );
    // Dollars go through PayPal only: no SnapScan code, whatever the link asks.
    const dollars = await launchedCampaign(owner.accessToken, { currency: 2 });
    expect(await posterSays(`/campaign/${dollars.url}/poster.pdf?snapscan=1`, 'Pay with SnapScan')).toBe(
      false,
    );
  });

  it('asks the payer for the amount, then becomes one Anonymous donation, however often the webhook comes', async () => {
    const reference = posterReference(campaign.id);
    const before = await raised(campaign);
    const donorsBefore = (await publicDetail(campaign.url)).body.data.uniqueDonors;
    const screen = await page(posterPath(reference));
    expect(screen.status).toBe(200);
    expect(screen.html).toContain('Amount (R)');

    // No amount typed: the app asks again and nothing is paid.
    const empty = await payPoster(reference, '');
    expect(empty.status).toBe(400);
    expect(empty.html).toContain('Enter an amount in rand');
    expect(await payments(reference)).toEqual([]);

    expect((await payPoster(reference, '85')).html).toContain('Paid R 85.00');
    expect((await payPoster(reference, '40.50', { userReference: '  Gogo   Mavis ' })).html).toContain(
      'Paid R 40.50',
    );
    // Booked before the webhook was answered.
    expect(await raised(campaign)).toBe(before + 125.5);

    // SnapScan sends webhooks again, in any order and at once: still one donation each.
    const [named, anonymous] = await payments(reference);
    if (!named || !anonymous) throw new Error('two poster payments expected');
    const replays = [anonymous, named, named, anonymous, anonymous, named];
    expect(await Promise.all(replays.map((p) => webhook(p)))).toEqual(replays.map(() => 200));
    expect(await raised(campaign)).toBe(before + 125.5);
    // Two payers, though SnapScan gives neither's address.
    expect((await publicDetail(campaign.url)).body.data.uniqueDonors).toBe(donorsBefore + 2);

    const listed = await publicList(campaign);
    expect(listed.filter((d) => d.amount === 85).map((d) => d.name)).toEqual(['Anonymous']);
    expect(listed.filter((d) => d.amount === 40.5).map((d) => d.name)).toEqual(['Gogo Mavis']);

    const mine = await ownerList(owner, campaign);
    const rows = mine.items.filter((d) => d.reference.startsWith(reference));
    expect(rows.map((d) => [d.amount, d.donorName, d.paymentMethod]).sort()).toEqual(
      [
        [40.5, 'Gogo Mavis', PaymentGateway.SnapScan],
        [85, 'Anonymous', PaymentGateway.SnapScan],
      ].sort(),
    );
    expect(rows.every((d) => d.feeAmount >= 0 && !d.recurring)).toBe(true);

    // The owner hears of each (their campaign mails per donation); nobody gets a receipt.
    const notices = (await mailsTo(owner.email)).filter((m) => m.subject.startsWith('New donation to'));
    expect(notices).toHaveLength(2);
  });

  it('books nothing for a forged webhook, one the Payments API does not confirm, or another amount', async () => {
    const reference = posterReference(campaign.id);
    const before = await raised(campaign);
    const count = (await publicList(campaign)).length;
    const claim = {
      id: 9_000_000,
      status: 'completed',
      totalAmount: 100_000,
      tipAmount: 0,
      merchantReference: reference,
      snapCode: 'letsema-sandbox',
    };
    // Signed with a guessed key; then correctly signed for a payment SnapScan does not have.
    expect(await webhook(claim, 'a-guessed-key')).toBe(200);
    expect(await webhook(claim)).toBe(200);

    // A real payment, reported (signed) with a larger amount than SnapScan recorded.
    expect((await payPoster(reference, '30')).html).toContain('Paid R 30.00');
    const [paid] = await payments(reference);
    if (!paid) throw new Error('payment expected');
    expect(await webhook({ ...paid, id: paid.id, totalAmount: 300_000 })).toBe(200);
    expect(await raised(campaign)).toBe(before + 30);
    expect((await publicList(campaign)).length).toBe(count + 1);
  });

  it('a declined or cancelled payment changes nothing', async () => {
    const reference = posterReference(campaign.id);
    const before = await raised(campaign);
    const count = (await publicList(campaign)).length;
    expect((await payPoster(reference, '55', { action: 'fail' })).html).toContain('Payment declined');
    expect((await payPoster(reference, '55', { action: 'cancel' })).html).toContain('Payment cancelled');
    const [declined] = await payments(reference);
    expect(declined?.status).toBe('error');
    expect(await webhook(declined ?? {})).toBe(200);
    expect(await raised(campaign)).toBe(before);
    expect((await publicList(campaign)).length).toBe(count);
  });

  it('for an unknown or closed campaign is kept for staff in the audit log, not booked', async () => {
    const unknownId = randomUUID();
    const unknown = posterReference(unknownId);
    expect((await payPoster(unknown, '20')).html).toContain('Paid R 20.00');
    const [lost] = await payments(unknown);
    if (!lost) throw new Error('payment expected');
    // Replayed: still one audit entry.
    expect(await webhook(lost)).toBe(200);

    const closing = await launchedCampaign(owner.accessToken);
    const reasons = await send<{ id: number }[]>('GET', '/api/v1/campaigns/close-reasons');
    const reasonId = reasons.body.data[0]?.id;
    const closed = await send(
      'PATCH',
      `/api/v1/campaigns/${closing.id}/close`,
      { closeReasonId: reasonId },
      owner.accessToken,
    );
    expect(closed.status, closed.text).toBe(200);
    const closedBefore = await raised(closing);
    expect((await payPoster(posterReference(closing.id), '35')).html).toContain('Paid R 35.00');
    expect(await raised(closing)).toBe(closedBefore);
    expect(await publicList(closing)).toEqual([]);

    for (const [id, cents] of [
      [unknownId, 2000],
      [closing.id, 3500],
    ] as const) {
      const res = await send<AuditPage>(
        'GET',
        `/api/v1/admin/audit?pageSize=100&action=snapscan-poster-payment-unbooked&entity=campaign&entityId=${id}`,
        undefined,
        admin,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.items).toHaveLength(1);
      expect(res.body.data.items[0]).toMatchObject({
        actorName: 'System',
        details: { amountCents: cents, reference: posterReference(id), gateway: PaymentGateway.SnapScan },
      });
    }
  });
});

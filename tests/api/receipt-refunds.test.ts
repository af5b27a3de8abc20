import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationReceiptPage, ReceiptRequestResult } from '~/lib/contracts/receipts';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign, type SavedCampaign } from './support/campaigns';
import type { DonationData } from './support/donations';
import { api, baseUrl } from './support/http';
import { paidGift } from './support/paidGifts';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// Issue 25: a refunded donation's Section 18A receipt is cancelled (its number stays used and the
// PDF reads CANCELLED); after a partial refund a replacement for the remainder gets the next number.

const BODY = {
  fullName: 'Thabo Mokoena',
  idType: 'saId',
  idNumber: '8001015009087',
  address: '12 Vilakazi Street\nOrlando West\nSoweto 1804',
};

let admin: string;
let org: RegisteredOrganisation;
let donor: SignedInAccount;
let campaign: SavedCampaign;

beforeAll(async () => {
  [admin, org, donor] = await Promise.all([
    demoToken('nomvula'),
    registerOrganisation(`Refund Receipts Trust ${Date.now()}`, { pboNumber: '930 054 999' }),
    verifyAndLogin({ firstName: 'Lerato', lastName: 'Donor' }),
  ]);
  campaign = await launchedCampaign(org.owner.accessToken, {
    organisation: org.id,
    settings: { isTaxBenefit: true },
  });
}, 120_000);

async function receiptFor(gift: DonationData): Promise<number> {
  const res = await send<ReceiptRequestResult>(
    'POST',
    `/api/v1/donations/${encodeURIComponent(gift.jwtTokenStringDonationId)}/receipt`,
    BODY,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data.receipt.number;
}

async function pdfTitle(gift: DonationData): Promise<string> {
  const res = await fetch(
    `${baseUrl}/api/v1/donations/${encodeURIComponent(gift.jwtTokenStringDonationId)}/receipt`,
  );
  expect(res.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
  return pdf.getTitle() ?? '';
}

async function organisationReceipts(): Promise<OrganisationReceiptPage> {
  const res = await api<OrganisationReceiptPage>(`/api/v1/organizations/${org.id}/receipts?pageSize=50`, {
    headers: { authorization: `Bearer ${org.owner.accessToken}` },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('receipts after a refund', () => {
  it('a whole refund cancels the receipt; its number stays used and reads CANCELLED', async () => {
    const gift = await paidGift(campaign, 'payfast', donor.accessToken, { amount: 300, email: donor.email });
    const number = await receiptFor(gift);
    const refund = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/refund`,
      { reason: 'Given by mistake.' },
      admin,
    );
    expect(refund.status, refund.text).toBe(201);

    expect(await pdfTitle(gift)).toContain('(CANCELLED)');
    const listed = (await organisationReceipts()).items.find((r) => r.number === number);
    expect(listed?.cancelledAt).not.toBeNull();
    const again = await send(
      'POST',
      `/api/v1/donations/${encodeURIComponent(gift.jwtTokenStringDonationId)}/receipt`,
      BODY,
    );
    expect(again.status).toBe(409);
    expect(again.text).toContain('This donation was refunded in full, so it has no Section 18A receipt.');

    // The next receipt of the organisation takes the next number: the cancelled one is not reused.
    const next = await paidGift(campaign, 'ozow', donor.accessToken, { amount: 100, email: donor.email });
    expect(await receiptFor(next)).toBe(number + 1);
  });

  it('a partial refund issues a replacement for the remainder with the next number', async () => {
    const gift = await paidGift(campaign, 'ozow', donor.accessToken, { amount: 500, email: donor.email });
    const number = await receiptFor(gift);
    const refund = await send(
      'POST',
      `/api/v1/admin/donations/${gift.id}/refund`,
      { amount: 200, reason: 'One ticket returned.' },
      admin,
    );
    expect(refund.status, refund.text).toBe(201);

    const receipts = (await organisationReceipts()).items;
    const old = receipts.find((r) => r.number === number);
    const replacement = receipts.find((r) => r.replacesReceiptId === old?.id);
    expect(old?.cancelledAt).not.toBeNull();
    expect(replacement).toMatchObject({ amount: 300, cancelledAt: null });
    expect(replacement?.number).toBeGreaterThan(number);
    expect(await pdfTitle(gift)).toBe(
      `Section 18A receipt No. ${String(replacement?.number).padStart(6, '0')}`,
    );

    const mails = await api<{ subject: string }[]>(`/dev/outbox.json?to=${encodeURIComponent(donor.email)}`);
    const padded = String(replacement?.number).padStart(6, '0');
    expect(mails.body.data.map((m) => m.subject)).toContain(
      `Your Section 18A receipt No. ${padded} from ${org.legalName}`,
    );
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { YearlyCertificate, YearlyIssueResult } from '~/lib/contracts/receipts';
import { PaymentGateway } from '~/lib/enums';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign } from './support/campaigns';
import { donated, donationBody } from './support/donations';
import { api, baseUrl } from './support/http';
import { type RegisteredOrganisation, registerOrganisation } from './support/registeredOrganisation';

// Issue 26: yearly Section 18A certificates over HTTP. On both databases: who may issue and read,
// only ended tax years, nothing to certify yet. On PostgreSQL the gifts are moved into the 2026 tax
// year in the database (the server books them today) to prove the boundary, one number series with
// the single receipts, a receipted gift listed but not counted twice, the mail and the donor's PDF;
// tests/unit/receipts/yearlyCertificates.test.ts proves the same on PGlite.

const databaseUrl = inject('databaseUrl');
let org: RegisteredOrganisation;
let donor: SignedInAccount;
let campaignUrl: string;
const path = () => `/api/v1/organizations/${org.id}/yearly-certificates`;

beforeAll(async () => {
  org = await registerOrganisation(`Yearly Certificates Trust ${Date.now()}`, { pboNumber: '930067890' });
  donor = await verifyAndLogin({ firstName: 'Lindiwe', lastName: 'Dube' });
  campaignUrl = (
    await launchedCampaign(org.owner.accessToken, { organisation: org.id, settings: { isTaxBenefit: true } })
  ).url;
}, 60_000);

/** An EFT gift by the donor, received. */
async function gift(amount: number): Promise<string> {
  const made = await donated(
    donationBody({
      campaignUrl,
      amount,
      tipOrAdminFeeAmount: 10,
      paymentMethod: PaymentGateway.EFT,
      email: donor.email,
      firstName: donor.firstName,
      lastName: donor.lastName,
    }),
    donor.accessToken,
  );
  const received = await send(
    'POST',
    `/api/v1/donations/${made.id}/eft-received`,
    { amount: amount + 10 },
    await demoToken('nomvula'),
  );
  expect(received.status, received.text).toBe(200);
  return made.id;
}

describe('yearly certificates over HTTP', () => {
  it('are the organisation’s Owners’ and Admins’ to issue, for a tax year that has ended', async () => {
    const stranger = await verifyAndLogin({ firstName: 'Sizwe', lastName: 'Stranger' });
    expect((await send('POST', path(), { taxYear: 2026 }, stranger.accessToken)).status).toBe(403);
    expect((await send('GET', path(), undefined, stranger.accessToken)).status).toBe(403);
    const current = await send('POST', path(), { taxYear: 2027 }, org.owner.accessToken);
    expect(current.status).toBe(400);
    expect(current.body.meta.message).toBe(
      'The 2027 tax year has not ended yet: its certificates can be issued from 1 March 2027.',
    );
    expect((await send('POST', path(), { taxYear: 'last year' }, org.owner.accessToken)).status).toBe(400);
    const empty = await send<YearlyIssueResult>('POST', path(), { taxYear: 2025 }, org.owner.accessToken);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ taxYear: 2025, issued: 0, mailed: 0, alreadyIssued: 0, skipped: 0 });
    expect(empty.body.meta.message).toBe('No donor of the 2025 tax year has anything to certify.');
    const csv = await fetch(`${baseUrl}${path()}/export?taxYear=2025`, {
      headers: { authorization: `Bearer ${org.owner.accessToken}` },
    });
    expect((await csv.text()).split('\r\n')[0]).toBe(
      'Certificate number,Tax year,Issued,Donor,ID or tax number,Address,Email,Amount (ZAR),Donations,Receipted separately',
    );
    const missing = await send(
      'GET',
      '/api/v1/yearly-certificates/00000000-0000-4000-8000-000000000000/pdf',
      undefined,
      donor.accessToken,
    );
    expect(missing.status).toBe(404);
  });
});

describe.runIf(databaseUrl.startsWith('postgres'))('yearly certificates at the tax-year boundary', () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  /** Moves a gift to a South African moment, as if it had settled then. */
  const settledAt = (id: string, moment: string) =>
    client.query('update donations set settled_at = $2, created_at = $2 where id = $1', [
      id,
      `${moment}+02:00`,
    ]);

  it('cover the year’s gifts once, in the receipts’ number series, and reach the donor', async () => {
    const [lastOf2025, firstOf2026, receipted] = [await gift(100), await gift(200), await gift(300)];
    await settledAt(lastOf2025, '2025-02-28T23:59:59');
    await settledAt(firstOf2026, '2025-03-01T00:00:00');
    await settledAt(receipted, '2025-11-15T09:00:00');
    // A single receipt first: it takes number 1.
    const single = await send<{ receipt: { number: number } }>(
      'POST',
      `/api/v1/donations/${receipted}/receipt`,
      {
        fullName: 'Lindiwe Dube',
        idType: 'saId',
        idNumber: '8001015009087',
        address: '12 Vilakazi Street\nSoweto',
      },
      donor.accessToken,
    );
    expect(single.status, single.text).toBe(201);
    expect(single.body.data.receipt.number).toBe(1);

    const issued = await send<YearlyIssueResult>('POST', path(), { taxYear: 2026 }, org.owner.accessToken);
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.data).toMatchObject({ taxYear: 2026, issued: 1, alreadyIssued: 0 });
    const again = await send<YearlyIssueResult>('POST', path(), { taxYear: 2026 }, org.owner.accessToken);
    expect(again.body.data).toMatchObject({ issued: 0, alreadyIssued: 1 });

    const mine = await send<YearlyCertificate[]>(
      'GET',
      '/api/v1/users/yearly-certificates',
      undefined,
      donor.accessToken,
    );
    const certificate = mine.body.data.find((c) => c.organisation.id === org.id);
    // Number 2, after the receipt; 200 counted; the receipted 300 listed at 0 with its receipt; the
    // gift of 28 February is the year before's.
    expect(certificate).toMatchObject({ number: 2, taxYear: 2026, amount: 200 });
    expect(certificate?.donations.map((d) => [d.amount, d.singleReceiptNumber])).toEqual([
      [200, null],
      [0, 1],
    ]);
    // It went out by mail with its PDF, and the donor downloads it.
    const mails = await api<{ subject: string; attachments: { filename: string }[] }[]>(
      `/dev/outbox.json?to=${encodeURIComponent(donor.email)}`,
    );
    const mail = mails.body.data.find((m) =>
      m.subject.startsWith('Your 2026 Section 18A certificate No. 000002'),
    );
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['section-18a-certificate-2026-000002.pdf']);
    const pdf = await fetch(`${baseUrl}${certificate?.pdfPath}`, {
      headers: { authorization: `Bearer ${donor.accessToken}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const stranger = await verifyAndLogin({ firstName: 'Sizwe', lastName: 'Other' });
    expect(
      (
        await fetch(`${baseUrl}${certificate?.pdfPath}`, {
          headers: { authorization: `Bearer ${stranger.accessToken}` },
        })
      ).status,
    ).toBe(403);

    // The next single receipt takes number 3: one series, no gaps.
    const later = await gift(50);
    const next = await send<{ receipt: { number: number } }>(
      'POST',
      `/api/v1/donations/${later}/receipt`,
      {
        fullName: 'Lindiwe Dube',
        idType: 'saId',
        idNumber: '8001015009087',
        address: '12 Vilakazi Street\nSoweto',
      },
      donor.accessToken,
    );
    expect(next.body.data.receipt.number).toBe(3);
    // And the 2025 certificate holds the gift of 28 February, at number 4.
    await send('POST', path(), { taxYear: 2025 }, org.owner.accessToken);
    const list = await send<{ items: YearlyCertificate[] }>(
      'GET',
      `${path()}?taxYear=2025`,
      undefined,
      org.owner.accessToken,
    );
    expect(list.body.data.items.map((c) => [c.number, c.amount])).toEqual([[4, 100]]);
  });
});

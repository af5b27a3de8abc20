import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationReceiptPage, ReceiptRequestResult } from '~/lib/contracts/receipts';
import { DonationStatus, OrgUserRole, PaymentGateway } from '~/lib/enums';
import { RECEIPT_FIELD_MESSAGES } from '~/lib/schemas/receipt';
import { RECEIPT_MESSAGES } from '~/lib/server/receipts/eligibility';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, launchedCampaign } from './support/campaigns';
import { type DonationData, donated, donationBody } from './support/donations';
import { api, baseUrl, expectFailureEnvelope, page } from './support/http';
import {
  joinedMember,
  type RegisteredOrganisation,
  registerOrganisation,
} from './support/registeredOrganisation';

// Section 18A receipts (docs/api/receipts.md): the donor asks for one from /thanks (the donation's
// token) or My Donations (its id, signed in); the organisation numbers them without gaps, mails
// them with the PDF, and its owners and admins list and export them.

const VALID_BODY = {
  fullName: 'Thabo Mokoena',
  idType: 'saId',
  idNumber: '8001015009087',
  address: '12 Vilakazi Street\nOrlando West\nSoweto 1804',
};

interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  url: string;
}
interface ReceiptMail {
  subject: string;
  text: string;
  links: string[];
  attachments: OutboxAttachment[];
}

async function receiptMailsTo(email: string): Promise<ReceiptMail[]> {
  const res = await api<ReceiptMail[]>(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.body.data.filter((mail) => mail.subject.includes('Section 18A receipt'));
}

const requestReceipt = (key: string, body: unknown = VALID_BODY, accessToken?: string) =>
  send<ReceiptRequestResult>(
    'POST',
    `/api/v1/donations/${encodeURIComponent(key)}/receipt`,
    body,
    accessToken,
  );

function downloadReceipt(key: string, accessToken?: string): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/donations/${encodeURIComponent(key)}/receipt`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/** A campaign of `org` whose donations are tax deductible (`isTaxBenefit`). */
async function taxCampaign(org: RegisteredOrganisation, isTaxBenefit = true): Promise<string> {
  const campaign = await launchedCampaign(org.owner.accessToken, {
    organisation: org.id,
    settings: { isTaxBenefit },
  });
  return campaign.url;
}

/** An EFT donation by `donor` (signed in, their own address), marked received by an admin unless `pending`. */
async function donation(
  campaignUrl: string,
  donor: SignedInAccount,
  options: { amount?: number; tip?: number; pending?: boolean } = {},
): Promise<DonationData> {
  const { amount = 250, tip = 30 } = options;
  const made = await donated(
    donationBody({
      campaignUrl,
      amount,
      tipOrAdminFeeAmount: tip,
      paymentMethod: PaymentGateway.EFT,
      email: donor.email,
      firstName: donor.firstName,
      lastName: donor.lastName,
    }),
    donor.accessToken,
  );
  if (options.pending) return made;
  const received = await send(
    'POST',
    `/api/v1/donations/${made.id}/eft-received`,
    { amount: amount + tip },
    await demoToken('nomvula'),
  );
  expect(received.status, received.text).toBe(200);
  return made;
}

describe('a donor asks for a receipt', () => {
  let org: RegisteredOrganisation;
  let donor: SignedInAccount;
  let stranger: SignedInAccount;
  let accepted: DonationData;

  beforeAll(async () => {
    [org, donor, stranger] = await Promise.all([
      registerOrganisation(`Ubuntu Receipts Trust ${Date.now()}`, { pboNumber: '930 054 321' }),
      verifyAndLogin({ firstName: 'Lerato', lastName: 'Donor' }),
      verifyAndLogin({ firstName: 'Sizwe', lastName: 'Stranger' }),
    ]);
    accepted = await donation(await taxCampaign(org), donor);
  }, 120_000);

  it('refuses a donation whose payment is not confirmed yet', async () => {
    const pending = await donation(await taxCampaign(org), donor, { pending: true });
    expect(pending.status).toBe(DonationStatus.Pending);
    const res = await requestReceipt(pending.jwtTokenStringDonationId ?? '');
    expect(res.status, res.text).toBe(409);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe(RECEIPT_MESSAGES.notAccepted);
  });

  it('refuses, saying why, a campaign without a PBO behind it or not tax deductible', async () => {
    const personal = await launchedCampaign(stranger.accessToken, { settings: { isTaxBenefit: true } });
    const toPerson = await donation(personal.url, donor);
    const res = await requestReceipt(toPerson.jwtTokenStringDonationId ?? '');
    expect(res.status, res.text).toBe(409);
    expect(res.body.meta.message).toBe(RECEIPT_MESSAGES.noOrganisation);

    // /thanks says so too: the campaign claims tax benefits it cannot give.
    const thanks = await page(`/thanks?donation=${toPerson.jwtTokenStringDonationId}`);
    expect(thanks.html).toContain('Section 18A tax receipt');
    expect(thanks.html).toContain('This campaign is not run by an organisation.');
    expect(thanks.html).not.toContain('Get a Section 18A tax receipt');

    const notDeductible = await donation(await taxCampaign(org, false), donor);
    const refused = await requestReceipt(notDeductible.jwtTokenStringDonationId ?? '');
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.meta.message).toBe(RECEIPT_MESSAGES.notTaxDeductible);

    const noPbo = await registerOrganisation(`No PBO Trust ${Date.now()}`);
    const toNoPbo = await donation(await taxCampaign(noPbo), donor);
    const withoutPbo = await requestReceipt(toNoPbo.jwtTokenStringDonationId ?? '');
    expect(withoutPbo.status, withoutPbo.text).toBe(409);
    expect(withoutPbo.body.meta.message).toBe(RECEIPT_MESSAGES.noPboNumber);
  });

  it('offers the form on /thanks once the donation is accepted', async () => {
    const thanks = await page(`/thanks?donation=${accepted.jwtTokenStringDonationId}`);
    expect(thanks.status).toBe(200);
    expect(thanks.html).toContain('Get a Section 18A tax receipt');
    expect(thanks.html).toContain('Get my receipt');
  });

  it('answers each wrong field with its message, and issues nothing', async () => {
    const token = accepted.jwtTokenStringDonationId ?? '';
    const res = await requestReceipt(token, {
      fullName: ' ',
      idType: 'saId',
      idNumber: '8001015009088',
      address: 'Soweto',
    });
    expect(res.status, res.text).toBe(400);
    expectFailureEnvelope(res.body);
    expect(res.body.data).toEqual({
      fullName: [RECEIPT_FIELD_MESSAGES.fullNameRequired],
      idNumber: [RECEIPT_FIELD_MESSAGES.saIdInvalid],
      address: [RECEIPT_FIELD_MESSAGES.addressTooShort],
    });
    const taxNumber = await requestReceipt(token, {
      ...VALID_BODY,
      idType: 'taxNumber',
      idNumber: '5123456789',
    });
    expect(taxNumber.body.data).toEqual({ idNumber: [RECEIPT_FIELD_MESSAGES.taxNumberInvalid] });
    const noType = await requestReceipt(token, { ...VALID_BODY, idType: undefined });
    expect(noType.body.data).toEqual({ idType: [RECEIPT_FIELD_MESSAGES.idType] });
    expect((await downloadReceipt(token)).status).toBe(404);
  });

  it('refuses a forged token, a stranger’s bearer on the id, and an id without one', async () => {
    const forged = await requestReceipt(`${accepted.jwtTokenStringDonationId}x`);
    expect(forged.status).toBe(404);
    const theirs = await requestReceipt(accepted.id, VALID_BODY, stranger.accessToken);
    expect(theirs.status, theirs.text).toBe(403);
    expect(theirs.body.meta.message).toBe(RECEIPT_MESSAGES.forbidden);
    expect((await requestReceipt(accepted.id)).status).toBe(401);
    expect((await downloadReceipt(accepted.id, stranger.accessToken)).status).toBe(403);
  });

  it('issues No. 000001 by the token (this organisation’s first), for the gift without the tip, and mails the PDF', async () => {
    const token = accepted.jwtTokenStringDonationId ?? '';
    const res = await requestReceipt(token);
    expect(res.status, res.text).toBe(201);
    expect(res.body.meta.message).toBe(`Receipt No. 000001 was sent to ${donor.email}.`);
    expect(res.body.data).toMatchObject({
      mailed: true,
      receipt: { number: 1, numberText: '000001', donorName: 'Thabo Mokoena', amount: 250, currencyId: 1 },
    });

    const [mail, ...more] = await receiptMailsTo(donor.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('No. 000001');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({ filename: 'section-18a-receipt-000001.pdf', contentType: 'application/pdf' }),
    ]);
    const attached = await fetch(`${baseUrl}${mail?.attachments[0]?.url}`);
    const pdf = await PDFDocument.load(await attached.arrayBuffer());
    expect(pdf.getTitle()).toBe('Section 18A receipt No. 000001');
    expect(pdf.getSubject()).toBe(`${org.legalName}, PBO reference number 930054321`);
    expect(pdf.getKeywords()).toContain('R 250.00');
    expect(pdf.getPageCount()).toBe(1);

    // The mail's link downloads the same receipt without signing in.
    const link = mail?.links.find((l) => l.includes('/receipt'));
    const linked = await fetch(link?.replace(/^https?:\/\/[^/]+/, baseUrl) ?? '');
    expect(linked.status).toBe(200);
    expect(linked.headers.get('content-type')).toBe('application/pdf');
    expect(linked.headers.get('content-disposition')).toBe(
      'attachment; filename="section-18a-receipt-000001.pdf"',
    );
  });

  it('answers a second request with the same receipt, and mails nothing more', async () => {
    const again = await requestReceipt(accepted.jwtTokenStringDonationId ?? '', {
      ...VALID_BODY,
      fullName: 'Someone Else',
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.receipt).toMatchObject({ number: 1, donorName: 'Thabo Mokoena' });
    expect(again.body.data.mailed).toBe(false);
    expect(await receiptMailsTo(donor.email)).toHaveLength(1);
    // /thanks now offers the download instead of the form.
    const thanks = await page(`/thanks?donation=${accepted.jwtTokenStringDonationId}`);
    // React marks where its text parts meet with empty comments.
    expect(thanks.html.replaceAll('<!-- -->', '')).toContain('Receipt No. 000001 issued.');
    expect(thanks.html).toContain('Download PDF');
    expect(thanks.html).not.toContain('Get my receipt');
  });

  it('issues by the id for its signed-in donor (the next number), and lets them download it', async () => {
    const second = await donation(await taxCampaign(org), donor, { amount: 1250, tip: 0 });
    const res = await requestReceipt(
      second.id,
      { ...VALID_BODY, idType: 'taxNumber', idNumber: '0123456789' },
      donor.accessToken,
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.receipt).toMatchObject({ number: 2, amount: 1250 });
    const pdf = await downloadReceipt(second.id, donor.accessToken);
    expect(pdf.status).toBe(200);
    expect((await PDFDocument.load(await pdf.arrayBuffer())).getTitle()).toBe(
      'Section 18A receipt No. 000002',
    );
  });
});

describe('receipt numbers under concurrent requests', () => {
  let org: RegisteredOrganisation;
  let donations: DonationData[];
  const HOSTILE_NAME = '=SUM(1,2)';
  const HOSTILE_ADDRESS = '1 "Main" Road\nQonce, Eastern Cape 5601';

  beforeAll(async () => {
    org = await registerOrganisation(`Gapless Receipts Trust ${Date.now()}`, { pboNumber: '930012345' });
    const [first, second] = [await taxCampaign(org), await taxCampaign(org)];
    // Four donors with three donations each: nobody reaches the mail cap of 10 an hour.
    const donors = await Promise.all(
      ['Ayanda', 'Bongani', 'Chantal', 'Dineo'].map((firstName) =>
        verifyAndLogin({ firstName, lastName: 'Giver' }),
      ),
    );
    donations = [];
    for (const [i, donor] of [...donors, ...donors, ...donors].entries()) {
      donations.push(await donation(i % 2 === 0 ? first : second, donor, { amount: 100 + i, tip: 0 }));
    }
  }, 180_000);

  it('numbers 12 donations 1 to 12, each once, while duplicates and bad requests run between them', async () => {
    const tokenOf = (i: number): string => donations[i]?.jwtTokenStringDonationId ?? '';
    const calls = [
      ...donations.map((_, i) =>
        requestReceipt(
          tokenOf(i),
          i === 0 ? { ...VALID_BODY, fullName: HOSTILE_NAME, address: HOSTILE_ADDRESS } : VALID_BODY,
        ),
      ),
      ...[1, 2, 3].map((i) => requestReceipt(tokenOf(i))),
      ...[4, 5, 6].map((i) => requestReceipt(tokenOf(i), { ...VALID_BODY, idNumber: '123' })),
    ];
    const answers = await Promise.all(calls);
    const good = answers.slice(0, 15);
    const bad = answers.slice(15);
    for (const res of bad) expect(res.status, res.text).toBe(400);
    for (const res of good) expect([200, 201], res.text).toContain(res.status);
    expect(good.filter((res) => res.status === 201)).toHaveLength(12);

    const numberOf = (i: number): number | undefined => good[i]?.body.data.receipt.number;
    const numbers = donations.map((_, i) => numberOf(i));
    expect([...numbers].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Each duplicate answered its donation's one receipt.
    expect([12, 13, 14].map(numberOf)).toEqual([1, 2, 3].map(numberOf));
  });

  describe('the organisation’s list and CSV', () => {
    it('shows its owner the receipts newest first, paged', async () => {
      const res = await send<OrganisationReceiptPage>(
        'GET',
        `/api/v1/organizations/${org.id}/receipts?pageSize=5&pageNo=1`,
        undefined,
        org.owner.accessToken,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.paginationMetadata).toEqual({
        totalCount: 12,
        pageCount: 3,
        pageNo: 1,
        pageSize: 5,
      });
      expect(res.body.data.items.map((r) => r.number)).toEqual([12, 11, 10, 9, 8]);
      expect(res.body.data.items[0]).toMatchObject({ donorTaxNumber: '8001015009087', currencyId: 1 });
    });

    it('lets an Admin see them, and refuses an Editor, a Champion and a stranger', async () => {
      const [admin, editor, champion, stranger] = await Promise.all([
        joinedMember(org, 'Admina', OrgUserRole.Admin),
        joinedMember(org, 'Editha', OrgUserRole.Editor),
        joinedMember(org, 'Champ', OrgUserRole.Champion),
        verifyAndLogin({ firstName: 'Nosy', lastName: 'Stranger' }),
      ]);
      const list = (token: string) =>
        send('GET', `/api/v1/organizations/${org.id}/receipts`, undefined, token);
      expect((await list(admin.accessToken)).status).toBe(200);
      for (const account of [editor, champion, stranger]) {
        const res = await list(account.accessToken);
        expect(res.status, res.text).toBe(403);
        expect(res.body.meta.message).toBe(RECEIPT_MESSAGES.receiptsForbidden);
        const csv = await fetch(`${baseUrl}/api/v1/organizations/${org.id}/receipts/export`, {
          headers: { authorization: `Bearer ${account.accessToken}` },
        });
        expect(csv.status).toBe(403);
      }
    }, 60_000);

    it('exports every receipt as CSV in number order, quoted and with formulas neutralised', async () => {
      const res = await fetch(`${baseUrl}/api/v1/organizations/${org.id}/receipts/export`, {
        headers: { authorization: `Bearer ${org.owner.accessToken}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="section-18a-receipts-.+\.csv"$/,
      );
      const lines = (await res.text()).split('\r\n');
      expect(lines[0]).toBe(
        'Receipt number,Date issued,Donation date,Donor name,ID or tax number,Address,Email,Amount,Currency,Campaign,Donation reference,Status',
      );
      expect(lines).toHaveLength(14);
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(1, 13).map((line) => line.slice(0, 6))).toEqual(
        Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(6, '0')),
      );
      const hostile = lines.find((line) => line.includes('SUM'));
      expect(hostile).toContain(`,"'=SUM(1,2)",8001015009087,"1 ""Main"" Road, Qonce, Eastern Cape 5601",`);
      expect(hostile).toContain(`,${(donations[0]?.email ?? '').toLowerCase()},100.00,ZAR,`);
    });
  });
});

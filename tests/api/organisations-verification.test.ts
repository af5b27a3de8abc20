import { beforeAll, describe, expect, it } from 'vitest';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, formOf, multipart, type Upload, uniqueWord } from './support/campaigns';
import { baseUrl, expectFailureEnvelope, expectSuccessEnvelope } from './support/http';

const pdf = (text: string): Upload => ({
  name: `${text}.pdf`,
  bytes: new TextEncoder().encode(`%PDF-1.4\n% ${text}\ntrailer<<>>\n%%EOF\n`),
  type: 'application/pdf',
});

const ANSWERS = {
  hasFulltimeStaff: true,
  hasCrowdfundedBefore: false,
  hasUsedEventsBefore: true,
  recievesSupport: true,
  recievedSupportDetails: 'The Qonce municipality lends us the hall.',
  helpRequired: 'Reaching donors outside the Eastern Cape.',
  regularNumberOfDonors: 'About 40',
  crowdFundingLinks: 'https://example.org/our-last-drive',
  supportPartners: 'Qonce Rotary Club',
};

/** Banking details with a branch code and no bank name: the bank is derived from the code. */
const BANKING = {
  accountHolderName: 'Qonce Soup Kitchen Trust',
  idType: 3,
  idNumber: 'IT1234/2019',
  accountNumber: '62845190273',
  bankCode: '250655',
  accountType: 2,
};

function submit(
  token: string | undefined,
  id: string,
  values: Record<string, unknown>,
  files: { legalDocument?: Upload[]; supportDocuments?: Upload[] } = {},
) {
  const form = formOf(values);
  for (const [field, uploads] of Object.entries(files)) {
    for (const upload of uploads ?? []) {
      form.append(
        field,
        new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'application/pdf' }),
        upload.name,
      );
    }
  }
  return multipart<MyOrganisationView>('PATCH', `/api/v1/organizations/${id}/verification`, form, token);
}

async function fileStatus(url: string, token?: string): Promise<number> {
  const res = await fetch(`${baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  return res.status;
}

async function registerOrganisation(owner: SignedInAccount): Promise<MyOrganisationView> {
  const res = await multipart<MyOrganisationView>(
    'POST',
    '/api/v1/organizations/',
    formOf({
      legalName: `Qonce Soup Kitchen Trust ${uniqueWord()}`,
      organizationTypeId: 1,
      organizationSectors: [2],
      briefDescription: '<p>We run a soup kitchen and an after-school club in Qonce, every weekday.</p>',
      mainContactPerson: { firstName: 'Nomsa', lastName: 'Dlamini', email: owner.email },
    }),
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

let owner: SignedInAccount;
let outsider: SignedInAccount;
let organisation: MyOrganisationView;

beforeAll(async () => {
  [owner, outsider] = await Promise.all([
    verifyAndLogin({ firstName: 'Nomsa', lastName: 'Dlamini' }),
    verifyAndLogin({ firstName: 'Sizwe', lastName: 'Outsider' }),
  ]);
  organisation = await registerOrganisation(owner);
});

describe('PATCH /organizations/{id}/verification', () => {
  it('asks for the legal document the first time, and names wrong answers and banking fields', async () => {
    const noDocument = await submit(owner.accessToken, organisation.id, {
      verification: ANSWERS,
      bankingDetails: BANKING,
    });
    expect(noDocument.status).toBe(400);
    expectFailureEnvelope(noDocument.body);
    expect(noDocument.body.meta.message).toBe('Please upload your organisation’s legal document.');
    expect(noDocument.body.data).toEqual({
      legalDocument: ['Please upload your organisation’s legal document.'],
    });

    const wrong = await submit(
      owner.accessToken,
      organisation.id,
      {
        verification: { ...ANSWERS, recievedSupportDetails: '' },
        bankingDetails: { ...BANKING, accountHolderName: '', bankCode: '25-06' },
      },
      { legalDocument: [pdf('npo-certificate')] },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toMatchObject({
      'verification.recievedSupportDetails': ['Please tell us who supports your organisation.'],
      'bankingDetails.accountHolderName': ['Please enter the account holder’s name.'],
    });

    const tooMany = await submit(
      owner.accessToken,
      organisation.id,
      { verification: ANSWERS, bankingDetails: BANKING },
      {
        legalDocument: [pdf('npo-certificate')],
        supportDocuments: ['a', 'b', 'c', 'd', 'e', 'f'].map(pdf),
      },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.meta.message).toBe('Please upload at most 5 supporting documents.');

    const notADocument = await submit(
      owner.accessToken,
      organisation.id,
      { verification: ANSWERS, bankingDetails: BANKING },
      {
        legalDocument: [{ name: 'notes.txt', bytes: new TextEncoder().encode('hello'), type: 'text/plain' }],
      },
    );
    expect(notADocument.status).toBe(400);
    expect(notADocument.body.meta.message).toBe('Please upload a PDF, JPEG or PNG file.');

    const view = await send<MyOrganisationView>(
      'GET',
      `/api/v1/organizations/${organisation.id}`,
      undefined,
      owner.accessToken,
    );
    expect(view.body.data.verification).toBeNull();
    expect(view.body.data.bankingDetail).toBeNull();
  });

  it('saves the answers, the documents and Pending banking details with the bank derived from the branch code', async () => {
    const res = await submit(
      owner.accessToken,
      organisation.id,
      { verification: ANSWERS, bankingDetails: BANKING },
      { legalDocument: [pdf('npo-certificate')], supportDocuments: [pdf('annual-report'), pdf('audit')] },
    );
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Organisation verification submitted successfully.');
    const { verification, bankingDetail } = res.body.data;
    expect(verification).toMatchObject({ ...ANSWERS, isVerified: false, submittedAt: expect.any(String) });
    expect(verification?.legalDocument?.fileName).toBe('npo-certificate.pdf');
    expect(verification?.supportDocuments.map((d) => d.fileName)).toEqual(['annual-report.pdf', 'audit.pdf']);
    expect(bankingDetail).toMatchObject({
      accountHolderName: 'Qonce Soup Kitchen Trust',
      bankName: 'First National Bank',
      bankCode: '250655',
      accountNumber: '*******0273',
      requestStatus: 0,
    });
    expect(JSON.stringify(res.body.data)).not.toContain('62845190273');
    // Private documents: their uploader may fetch them, nobody else.
    const legal = verification?.legalDocument?.url ?? '';
    expect(await fileStatus(legal, owner.accessToken)).toBe(200);
    expect(await fileStatus(legal, outsider.accessToken)).toBe(404);
    expect(res.body.data.isVerified).toBe(false);
  });

  it('keeps the legal document when none is sent, and replaces the supporting documents with new ones', async () => {
    const before = (
      await send<MyOrganisationView>(
        'GET',
        `/api/v1/organizations/${organisation.id}`,
        undefined,
        owner.accessToken,
      )
    ).body.data;
    const oldSupport = before.verification?.supportDocuments.map((d) => d.url) ?? [];
    expect(oldSupport).toHaveLength(2);
    const res = await submit(
      owner.accessToken,
      organisation.id,
      {
        verification: { ...ANSWERS, recievesSupport: false },
        bankingDetails: { ...BANKING, bankName: 'Nedbank', bankCode: '', accountNumber: '1122334455' },
      },
      { supportDocuments: [pdf('board-minutes')] },
    );
    expect(res.status, res.text).toBe(200);
    const { verification, bankingDetail } = res.body.data;
    expect(verification?.legalDocument).toEqual(before.verification?.legalDocument);
    expect(verification?.recievesSupport).toBe(false);
    expect(verification?.recievedSupportDetails).toBeNull();
    expect(verification?.supportDocuments.map((d) => d.fileName)).toEqual(['board-minutes.pdf']);
    for (const url of oldSupport) expect(await fileStatus(url, owner.accessToken)).toBe(404);
    expect(bankingDetail).toMatchObject({
      bankName: 'Nedbank',
      bankCode: '198765',
      accountNumber: '******4455',
      requestStatus: 0,
    });
  });

  it('refuses banking details at a bank that no longer exists, saying which to choose (issue 29)', async () => {
    const fresh = await registerOrganisation(owner);
    const cases = [
      [
        { bankName: 'Volkskas Bank (ABSA)', bankCode: '632005' },
        "Volkskas Bank (ABSA) no longer exists: its accounts are now ABSA Bank's. Please choose ABSA Bank.",
      ],
      [
        { bankName: 'Other/International', bankNameAlt: 'Saambou' },
        "Saambou Bank (FNB) no longer exists: its accounts are now First National Bank's. Please choose First National Bank.",
      ],
      [
        { bankName: null, bankCode: '588000' },
        'VBS Mutual Bank no longer exists. Please choose the bank that holds the account now.',
      ],
    ] as const;
    for (const [bank, message] of cases) {
      const res = await submit(
        owner.accessToken,
        fresh.id,
        { verification: ANSWERS, bankingDetails: { ...BANKING, ...bank } },
        { legalDocument: [pdf('npo-certificate')] },
      );
      expect(res.status, JSON.stringify(bank)).toBe(400);
      expectFailureEnvelope(res.body);
      expect(res.body.data).toEqual({ 'bankingDetails.bankName': [message] });
    }
    // Nothing was kept: the legal document sent with the refused details is still asked for.
    const again = await submit(owner.accessToken, fresh.id, {
      verification: ANSWERS,
      bankingDetails: BANKING,
    });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.data ?? {})).toEqual(['legalDocument']);
  });

  it('marks the former banks in the bank list, still naming them for the accounts that do', async () => {
    const res = await send<{ name: string; former: boolean }[]>('GET', '/api/v1/paysoft/banks');
    const former = res.body.data.filter((bank) => bank.former).map((bank) => bank.name);
    expect(former).toEqual(
      expect.arrayContaining(['VBS Mutual Bank', 'Volkskas Bank (ABSA)', 'Saambou Bank (FNB)']),
    );
    expect(former).not.toContain('ABSA Bank');
    expect(res.body.data.find((bank) => bank.name === 'Capitec Bank')?.former).toBe(false);
  });

  it('answers 401 to a visitor, 403 to an outsider and 404 for an unknown organisation', async () => {
    const visitor = await submit(undefined, organisation.id, {
      verification: ANSWERS,
      bankingDetails: BANKING,
    });
    expect(visitor.status).toBe(401);
    const stranger = await submit(
      outsider.accessToken,
      organisation.id,
      { verification: ANSWERS, bankingDetails: { ...BANKING, accountNumber: '99999999' } },
      { legalDocument: [pdf('fake')] },
    );
    expect(stranger.status).toBe(403);
    expect(stranger.body.meta.message).toBe('You do not have permission to change this organisation.');
    const unknown = await submit(owner.accessToken, '0b0e6f5e-8a47-4c5e-9d55-9f2f3c1c0a11', {
      verification: ANSWERS,
      bankingDetails: BANKING,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Organisation not found.');
    const view = await send<MyOrganisationView>(
      'GET',
      `/api/v1/organizations/${organisation.id}`,
      undefined,
      owner.accessToken,
    );
    expect(view.body.data.bankingDetail?.accountNumber).toBe('******4455');
  });

  it('lets only Owners submit: an Admin and a Champion of a demo organisation get 403', async () => {
    const [admin, champion] = await Promise.all([demoToken('kagiso'), demoToken('pieter')]);
    const mine = await send<MyOrganisationView>('GET', '/api/v1/organizations/', undefined, admin);
    const id = mine.body.data.id;
    const bankBefore = mine.body.data.bankingDetail;
    for (const token of [admin, champion]) {
      const res = await submit(
        token,
        id,
        { verification: ANSWERS, bankingDetails: { ...BANKING, accountNumber: '99999999' } },
        { legalDocument: [pdf('takeover')] },
      );
      expect(res.status).toBe(403);
      expect(res.body.meta.message).toBe('You do not have permission to change this organisation.');
    }
    const after = await send<MyOrganisationView>('GET', '/api/v1/organizations/', undefined, admin);
    expect(after.body.data.bankingDetail).toEqual(bankBefore);
  });
});

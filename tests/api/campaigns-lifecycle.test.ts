import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, registerUser, type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  createCampaign,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  patchCampaign,
  png,
  publicDetail,
  readyCampaign,
  readyFields,
  uniqueWord,
} from './support/campaigns';
import { expectFailureEnvelope, expectSuccessEnvelope, getData, page } from './support/http';

let owner: SignedInAccount;
let stranger: SignedInAccount;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    verifyAndLogin({ firstName: 'Thabo', lastName: 'Lifecycle' }),
    verifyAndLogin({ firstName: 'Stranger', lastName: 'Lifecycle' }),
  ]);
});

const launch = (token: string, id: string) =>
  send<OwnerView>('PATCH', `/api/v1/campaigns/${id}/launch`, undefined, token);
const close = (token: string, id: string, body: unknown) =>
  send<OwnerView>('PATCH', `/api/v1/campaigns/${id}/close`, body, token);

const DAY = 86_400_000;
const isoDaysFromNow = (days: number): string => new Date(Date.now() + days * DAY).toISOString();

describe('PATCH /campaigns/{id}/launch', () => {
  it('publishes a complete campaign and answers the owner view', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    expect((await publicDetail(campaign.url)).status).toBe(404);
    const res = await launch(owner.accessToken, campaign.id);
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Campaign launched successfully!');
    expect(res.body.data).toMatchObject({
      id: campaign.id,
      published: true,
      status: 0,
      isActive: true,
      missingForLaunch: {},
    });
    expect(res.body.data.launchedAt).toMatch(/^\d{4}-/);
    const shown = await publicDetail(campaign.url);
    expect(shown.status).toBe(200);
    expect(shown.body.data.published).toBe(true);
    // Again: nothing changes.
    const again = await launch(owner.accessToken, campaign.id);
    expect(again.status).toBe(200);
    expect(again.body.data.launchedAt).toBe(res.body.data.launchedAt);
  });

  it('400 until the email address is confirmed', async () => {
    const account = await registerUser({ firstName: 'Unconfirmed' });
    const { accessToken } = await loginAs(account.email, account.password);
    const campaign = await readyCampaign(accessToken);
    const res = await launch(accessToken, campaign.id);
    expect(res.status).toBe(400);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Please confirm your email address before launching your campaign.');
  });

  it('400 naming every missing piece: story, target, category, image', async () => {
    const created = await createCampaign(owner.accessToken, { name: 'Barely started' });
    const res = await launch(owner.accessToken, created.body.data.id);
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      'Your campaign is not ready to launch yet. Please add a story of at least 50 characters, a donation target, a category and at least one image.',
    );
    expect(res.body.data).toEqual({
      story: ['Please tell your story in at least 50 characters.'],
      donationTarget: ['Please enter a donation target.'],
      campaignCategory: ['Please choose a category.'],
      images: ['Please add at least one image.'],
    });
  });

  it('counts the text of the story, not its markup', async () => {
    const story = `<p><strong>${'<em></em>'.repeat(20)}Too short.</strong></p>`;
    const created = await createCampaign(owner.accessToken, readyFields({ story }), [
      { name: 'x.png', bytes: await png() },
    ]);
    const res = await launch(owner.accessToken, created.body.data.id);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ story: ['Please tell your story in at least 50 characters.'] });
  });

  it('400 for an end date that has passed', async () => {
    const campaign = await readyCampaign(owner.accessToken, {
      startDate: isoDaysFromNow(-10),
      endDate: isoDaysFromNow(-1),
    });
    const res = await launch(owner.accessToken, campaign.id);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ endDate: ['The end date has passed. Choose a later end date.'] });
  });
});

describe('PATCH /campaigns/{id}/close', () => {
  it('closes with a reason and a note; the public sees it closed', async () => {
    const campaign = await launchedCampaign(owner.accessToken);
    const reasons = await getData<{ id: number; name: string }[]>('/api/v1/campaigns/close-reasons');
    const reason = reasons[0];
    if (!reason) throw new Error('no close reasons seeded');
    const res = await close(owner.accessToken, campaign.id, {
      closeReasonId: reason.id,
      note: 'We reached our target. Thank you!',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.message).toBe('Campaign closed successfully');
    expect(res.body.data).toMatchObject({
      status: 3,
      isActive: false,
      closeReason: { id: reason.id, name: reason.name, note: 'We reached our target. Thank you!' },
    });
    const shown = await publicDetail(campaign.url);
    expect(shown.body.data.status).toBe(3);

    const again = await close(owner.accessToken, campaign.id, { closeReasonId: reason.id });
    expect(again.status).toBe(400);
    expect(again.body.meta.message).toBe('This campaign is already closed.');
    const relaunch = await launch(owner.accessToken, campaign.id);
    expect(relaunch.status).toBe(400);
    expect(relaunch.body.meta.message).toBe('A closed campaign cannot be launched.');
    const hide = await patchCampaign(owner.accessToken, campaign.id, { hidden: true });
    expect(hide.status).toBe(400);
    expect(hide.body.data).toEqual({ hidden: ['A closed campaign cannot be hidden or shown again.'] });
  });

  it('400 without a reason, with an unknown one, or a note over 500 characters', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    const missing = await close(owner.accessToken, campaign.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({
      closeReasonId: ['Please choose a reason for closing the campaign.'],
    });
    const unknown = await close(owner.accessToken, campaign.id, { closeReasonId: 99_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual({
      closeReasonId: ['Please choose a reason for closing the campaign.'],
    });
    const longNote = await close(owner.accessToken, campaign.id, { closeReasonId: 1, note: 'x'.repeat(501) });
    expect(longNote.status).toBe(400);
    expect(longNote.body.data).toEqual({ note: ['The note must be at most 500 characters.'] });
    const notJson = await send(
      'PATCH',
      `/api/v1/campaigns/${campaign.id}/close`,
      undefined,
      owner.accessToken,
    );
    expect(notJson.status).toBe(400);
    expect((await ownerView(owner.accessToken, campaign.id)).status).toBe(0);
  });
});

interface CardPage {
  items: { id: string; status: number }[];
  paginationMetadata: { totalCount: number };
}

describe('expiry', () => {
  it('an active campaign past its end date reads as EXPIRED in details, cards and search', async () => {
    const word = uniqueWord('exp');
    const campaign = await launchedCampaign(owner.accessToken, {
      name: `Expiring soon ${word}`,
      startDate: isoDaysFromNow(-30),
      endDate: isoDaysFromNow(10),
    });
    const ended = await patchCampaign(owner.accessToken, campaign.id, { endDate: isoDaysFromNow(-1) });
    expect(ended.status, ended.text).toBe(200);

    const detail = await publicDetail(campaign.url);
    expect(detail.body.data).toMatchObject({ status: 2, isActive: false, published: true });
    expect((await ownerView(owner.accessToken, campaign.id)).status).toBe(2);

    const mine = await send<{ userCampaigns: CardPage }>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=50',
      undefined,
      owner.accessToken,
    );
    expect(mine.body.data.userCampaigns.items.find((c) => c.id === campaign.id)?.status).toBe(2);

    const search = await getData<CardPage>(`/api/v1/campaigns/filter-campaigns/?searchText=${word}`);
    expect(search.items.map((c) => [c.id, c.status])).toEqual([[campaign.id, 2]]);

    // A new end date in the future brings it back.
    const extended = await patchCampaign(owner.accessToken, campaign.id, { endDate: isoDaysFromNow(20) });
    expect(extended.status).toBe(200);
    expect((await publicDetail(campaign.url)).body.data).toMatchObject({ status: 0, isActive: true });
  });
});

describe('PATCH /campaigns/{id}/verification', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');
  const banking = {
    accountHolderName: 'Thabo Lifecycle',
    idType: 1,
    idNumber: '8001015009087',
    accountNumber: '62845190273',
    bankCode: '250655',
    accountType: 0,
  };

  function verify(token: string | undefined, id: string, details: unknown, documents = true) {
    const form = formOf(
      { bankingDetails: details },
      documents ? [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }] : [],
      'identificationDocumentation',
    );
    if (documents)
      form.append('supportingDocumentation', new Blob([pdf], { type: 'application/pdf' }), 'letter.pdf');
    return multipart<OwnerView>('PATCH', `/api/v1/campaigns/${id}/verification`, form, token);
  }

  it('stores banking details (bank derived from the branch code) and private documents', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    const res = await verify(owner.accessToken, campaign.id, banking);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.message).toBe('Campaign verification submitted successfully');
    expect(res.body.data.bankingDetail).toMatchObject({
      accountHolderName: 'Thabo Lifecycle',
      bankName: 'First National Bank',
      bankCode: '250655',
      accountNumber: '62845190273',
      requestStatus: 0,
      isInternational: false,
    });
    expect(res.body.data.verificationSubmittedAt).toMatch(/^\d{4}-/);
    expect(res.body.data.isVerified).toBe(false);
    const [identity] = res.body.data.identificationDocumentation;
    expect(identity?.fileName).toBe('id.pdf');
    expect(res.body.data.supportingDocumentation.map((d) => d.fileName)).toEqual(['letter.pdf']);
    if (!identity) throw new Error('identity document missing');
    expect((await page(identity.url)).status).toBe(404);
    expect(
      (await page(identity.url, { headers: { authorization: `Bearer ${stranger.accessToken}` } })).status,
    ).toBe(404);
    expect(
      (await page(identity.url, { headers: { authorization: `Bearer ${owner.accessToken}` } })).status,
    ).toBe(200);

    // A second submission needs no new identity document, and keeps the one on file.
    const again = await verify(
      owner.accessToken,
      campaign.id,
      { ...banking, bankCode: '', bankName: 'Capitec' },
      false,
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.bankingDetail).toMatchObject({ bankName: 'Capitec Bank', bankCode: '470010' });
    expect(again.body.data.identificationDocumentation).toHaveLength(1);
  });

  it('400 for incomplete banking details and a first submission without an identity document', async () => {
    const campaign = await readyCampaign(owner.accessToken);
    const bad = await verify(owner.accessToken, campaign.id, {
      ...banking,
      accountHolderName: '',
      idNumber: '800101',
      accountNumber: '12ab',
      accountType: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({
      'bankingDetails.accountHolderName': ['Please enter the account holder’s name.'],
    });
    const wrongNumbers = await verify(owner.accessToken, campaign.id, {
      ...banking,
      idNumber: '800101',
      accountNumber: '12ab',
      accountType: null,
    });
    expect(wrongNumbers.status).toBe(400);
    expect(wrongNumbers.body.data).toEqual({
      'bankingDetails.idNumber': ['A South African ID number has 13 digits.'],
      'bankingDetails.accountNumber': ['A South African account number has 6 to 16 digits.'],
      'bankingDetails.accountType': ['Please choose an account type.'],
    });
    const international = await verify(owner.accessToken, campaign.id, {
      ...banking,
      isInternational: true,
      accountNumber: 'GB29NWBK60161331926819',
      swiftCode: 'nope',
    });
    expect(international.body.data).toEqual({
      'bankingDetails.swiftCode': ['Please enter a valid SWIFT code (8 or 11 letters and digits).'],
    });
    const noDocument = await verify(owner.accessToken, campaign.id, banking, false);
    expect(noDocument.status).toBe(400);
    expect(noDocument.body.data).toEqual({
      identificationDocumentation: ['Please upload an identity document.'],
    });
    expect((await ownerView(owner.accessToken, campaign.id)).bankingDetail).toBeNull();
  });
});

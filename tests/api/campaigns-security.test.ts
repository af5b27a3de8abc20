import { beforeAll, describe, expect, it } from 'vitest';
import {
  latestMail,
  linkToken,
  mailsTo,
  type SignedInAccount,
  send,
  verifyAndLogin,
} from './support/accounts';
import {
  type CampaignDetail,
  demoToken,
  formOf,
  launchedCampaign,
  multipart,
  type OwnerView,
  ownerView,
  patchCampaign,
  publicDetail,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { expectFailureEnvelope, getData, page } from './support/http';

// Issue 10, findings 1 and 8: what a campaign's team may and may not do with the
// owner's campaign, its organisation and the owner's banking details.

const KAGISO_EMAIL = 'kagiso.molefe@letsema.test';
const ORGANISATION_OWNER_ONLY = 'Only the campaign owner can choose its organisation.';
const VERIFICATION_OWNER_ONLY = 'Only the campaign owner can submit banking details.';
const NO_PERMISSION = 'You do not have permission to change this campaign.';

interface TeamMember {
  id: string;
  email: string;
  inviteStatus: number;
}

let siyakhulaId: string;

beforeAll(async () => {
  const organisations = await getData<{ id: string; legalName: string }[]>('/api/v1/organizations/list');
  const siyakhula = organisations.find((o) => o.legalName === 'Siyakhula Education Trust');
  if (!siyakhula) throw new Error('demo organisation missing');
  siyakhulaId = siyakhula.id;
});

/** Adds `email` to the campaign's team as `userRole` and accepts the invitation as `token`; answers the member. */
async function joinTeam(
  ownerToken: string,
  campaignId: string,
  member: { email: string; token: string; userRole?: number },
): Promise<TeamMember> {
  // Mails already in the box, so a parallel test's invitation to the same address is not taken for ours.
  const seen = (await mailsTo(member.email)).map((m) => m.id);
  const added = await send<TeamMember[]>(
    'PATCH',
    '/api/v1/team-members',
    {
      campaignId,
      firstName: 'Team',
      lastName: 'Member',
      email: member.email,
      userRole: member.userRole ?? 2,
    },
    ownerToken,
  );
  expect(added.status, added.text).toBe(200);
  const row = added.body.data.find((m) => m.email === member.email);
  if (!row) throw new Error('the new team member is not in the answer');
  const mail = await latestMail(member.email, '/auth/invitation?', seen);
  const accepted = await send(
    'POST',
    '/api/v1/team-members',
    { token: linkToken(mail, '/auth/invitation?') },
    member.token,
  );
  expect(accepted.status, accepted.text).toBe(200);
  return row;
}

async function removeFromTeam(ownerToken: string, campaignId: string, memberId: string): Promise<void> {
  const removed = await send(
    'PATCH',
    '/api/v1/team-members',
    { id: memberId, campaignId, deleted: true },
    ownerToken,
  );
  expect(removed.status, removed.text).toBe(200);
}

/** The ids of the organisation's public campaigns whose name has `word`: what its totals add up. */
async function organisationCampaignIds(organisationId: string, word: string): Promise<string[]> {
  const found = await getData<{ items: { id: string }[] }>(
    `/api/v1/campaigns/filter-campaigns/?organizationId=${organisationId}&searchText=${word}`,
  );
  return found.items.map((c) => c.id);
}

async function publicOf(campaign: SavedCampaign): Promise<CampaignDetail> {
  const res = await publicDetail(campaign.id, 1);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('a team member cannot take a campaign into their own organisation (finding 1)', () => {
  let owner: SignedInAccount;
  let kagiso: string;
  let word: string;
  let campaign: SavedCampaign;
  let memberId: string;

  beforeAll(async () => {
    owner = await verifyAndLogin({ firstName: 'Ayanda', lastName: 'Owner' });
    kagiso = await demoToken('kagiso');
    word = uniqueWord('zorg');
    campaign = await launchedCampaign(owner.accessToken, { name: `Ayanda soup kitchen ${word}` });
    memberId = (await joinTeam(owner.accessToken, campaign.id, { email: KAGISO_EMAIL, token: kagiso })).id;
  });

  it('403 when a team member attaches the campaign to their organisation; nothing changes', async () => {
    // As a team member, Kagiso may edit the campaign.
    expect((await patchCampaign(kagiso, campaign.id, { thankYouMessage: 'Thanks, team' })).status).toBe(200);

    const attach = await patchCampaign(kagiso, campaign.id, {
      organisation: siyakhulaId,
      name: 'Taken over',
    });
    expect(attach.status, attach.text).toBe(403);
    expectFailureEnvelope(attach.body);
    expect(attach.body.meta.message).toBe(ORGANISATION_OWNER_ONLY);

    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.organization).toBeNull();
    expect(view.name).toBe(`Ayanda soup kitchen ${word}`);
    expect((await publicOf(campaign)).organization).toBeNull();
    // The organisation's totals add up its campaigns: this one is not among them.
    expect(await organisationCampaignIds(siyakhulaId, word)).toEqual([]);
  });

  it('once removed from the team, the former member has no way back in', async () => {
    await removeFromTeam(owner.accessToken, campaign.id, memberId);

    const edit = await patchCampaign(kagiso, campaign.id, { donationTarget: 1 });
    expect(edit.status).toBe(403);
    expect(edit.body.meta.message).toBe(NO_PERMISSION);
    expect((await send('GET', `/api/v1/campaigns/${campaign.id}`, undefined, kagiso)).status).toBe(403);
    expect((await patchCampaign(kagiso, campaign.id, { organisation: siyakhulaId })).status).toBe(403);
    const mine = await send<{ userCampaigns: { items: { id: string }[] } }>(
      'GET',
      '/api/v1/campaigns/user-campaigns?pageSize=50',
      undefined,
      kagiso,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.userCampaigns.items.map((c) => c.id)).not.toContain(campaign.id);

    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.organization).toBeNull();
    expect(view.donationTarget).not.toBe(1);
    expect(await organisationCampaignIds(siyakhulaId, word)).toEqual([]);
  });

  it('the owner may attach only an organisation they belong to', async () => {
    const res = await patchCampaign(owner.accessToken, campaign.id, { organisation: siyakhulaId });
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe(
      'You can only raise funds for an organisation you belong to, as its Owner, Admin, Editor or Champion.',
    );
    expect((await ownerView(owner.accessToken, campaign.id)).organization).toBeNull();
  });
});

describe("an organisation's roles cannot move the owner's organisation campaign (finding 1)", () => {
  let anele: string;
  let kagiso: string;
  let campaign: SavedCampaign;

  beforeAll(async () => {
    [anele, kagiso] = await Promise.all([demoToken('anele'), demoToken('kagiso')]);
    campaign = await readyCampaign(anele, { organisation: siyakhulaId });
  });

  it('an Admin of the organisation edits it and may send the organisation back unchanged', async () => {
    const res = await patchCampaign(kagiso, campaign.id, {
      organisation: siyakhulaId,
      donationTarget: 41000,
    });
    expect(res.status, res.text).toBe(200);
    const view = await ownerView(anele, campaign.id);
    expect(view.donationTarget).toBe(41000);
    expect(view.organization?.id).toBe(siyakhulaId);
  });

  it('403 when someone other than the owner detaches it; the owner may', async () => {
    const detach = await patchCampaign(kagiso, campaign.id, { organisation: '' });
    expect(detach.status).toBe(403);
    expect(detach.body.meta.message).toBe(ORGANISATION_OWNER_ONLY);
    expect((await ownerView(anele, campaign.id)).organization?.id).toBe(siyakhulaId);

    const own = await patchCampaign(anele, campaign.id, { organisation: '' });
    expect(own.status, own.text).toBe(200);
    expect((await ownerView(anele, campaign.id)).organization).toBeNull();
  });
});

describe("the team and the owner's identity and bank account (finding 8)", () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');
  const ownerBanking = {
    accountHolderName: 'Ayanda Owner',
    idType: 1,
    idNumber: '8001015009087',
    accountNumber: '62845190273',
    bankCode: '250655',
    accountType: 0,
  };
  const editorBanking = {
    accountHolderName: 'Sly Editor',
    idType: 1,
    idNumber: '9202204720082',
    accountNumber: '10987654321',
    bankCode: '470010',
    accountType: 0,
  };

  let owner: SignedInAccount;
  let editor: SignedInAccount;
  let campaign: SavedCampaign;
  let submitted: OwnerView;

  function verify(token: string, id: string, details: unknown) {
    const form = formOf(
      { bankingDetails: details },
      [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
      'identificationDocumentation',
    );
    return multipart<OwnerView>('PATCH', `/api/v1/campaigns/${id}/verification`, form, token);
  }

  beforeAll(async () => {
    [owner, editor] = await Promise.all([
      verifyAndLogin({ firstName: 'Ayanda', lastName: 'Owner' }),
      verifyAndLogin({ firstName: 'Sly', lastName: 'Editor' }),
    ]);
    campaign = await readyCampaign(owner.accessToken);
    const res = await verify(owner.accessToken, campaign.id, ownerBanking);
    expect(res.status, res.text).toBe(200);
    submitted = res.body.data;
    await joinTeam(owner.accessToken, campaign.id, { email: editor.email, token: editor.accessToken });
  });

  it('an Editor sees the ID and account numbers masked; the owner sees them in full', async () => {
    const asEditor = await ownerView(editor.accessToken, campaign.id);
    expect(asEditor.bankingDetail).toMatchObject({
      accountHolderName: 'Ayanda Owner',
      idNumber: '**********087',
      accountNumber: '*******0273',
    });
    expect(JSON.stringify(asEditor)).not.toContain('8001015009087');
    expect(JSON.stringify(asEditor)).not.toContain('62845190273');

    const asOwner = await ownerView(owner.accessToken, campaign.id);
    expect(asOwner.bankingDetail).toMatchObject({ idNumber: '8001015009087', accountNumber: '62845190273' });
  });

  it('403 when an Editor submits their own bank account; the owner’s details and documents stay', async () => {
    const res = await verify(editor.accessToken, campaign.id, editorBanking);
    expect(res.status, res.text).toBe(403);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe(VERIFICATION_OWNER_ONLY);

    const view = await ownerView(owner.accessToken, campaign.id);
    expect(view.bankingDetail).toEqual(submitted.bankingDetail);
    expect(view.identificationDocumentation).toEqual(submitted.identificationDocumentation);
    expect(view.verificationSubmittedAt).toBe(submitted.verificationSubmittedAt);
    // The owner can still open the identity document on file.
    const [identity] = view.identificationDocumentation;
    if (!identity) throw new Error('identity document missing');
    const opened = await page(identity.url, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(opened.status).toBe(200);
  });
});

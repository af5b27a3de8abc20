import { describe, expect, it } from 'vitest';
import { canManageTeam, rolesFor } from '~/islands/organisation/OrganisationTeam';
import {
  emptyOrganisationValues,
  errorsToForm,
  type OrganisationFormValues,
  organisationFieldPaths,
  organisationFormData,
  organisationInputOf,
  stepOfField,
  validateOrganisationValues,
  valuesFromOrganisation,
} from '~/islands/organisation/organisationValues';
import {
  answersFromValues,
  answerValuesOf,
  bankingRequestStatusOf,
} from '~/islands/organisation/verificationValues';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { BankingRequestStatus, OrgUserRole } from '~/lib/enums';
import { ORGANISATION_MESSAGES } from '~/lib/schemas/organisation';

const values = (changes: Partial<OrganisationFormValues> = {}): OrganisationFormValues => ({
  ...emptyOrganisationValues(),
  ...changes,
});

const complete = (): OrganisationFormValues =>
  values({
    legalName: 'Ikhaya Reading Trust',
    organizationTypeId: '1',
    organizationSectors: ['1', '3'],
    briefDescription: '<p>We run reading clubs and small libraries in Soweto schools.</p>',
    mainContactPerson: {
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      phone: '',
      positionId: '',
      email: 'nomsa@example.co.za',
    },
  });

describe('form values → the contract’s organisation form', () => {
  it('a new organisation leaves out empty text and sends lists and the contact as values', () => {
    const { fields } = organisationInputOf(complete(), 'create');
    expect(fields.legalName).toBe('Ikhaya Reading Trust');
    expect(fields.organizationSectors).toEqual([1, 3]);
    expect(fields.mainContactPerson).toEqual({
      firstName: 'Nomsa',
      lastName: 'Dlamini',
      phone: '',
      positionId: null,
      email: 'nomsa@example.co.za',
    });
    expect(fields).not.toHaveProperty('otherName');
    expect(fields).not.toHaveProperty('website');
  });

  it('an edit sends empty text, so a cleared field is cleared', () => {
    const { fields } = organisationInputOf(complete(), 'edit');
    expect(fields.otherName).toBe('');
    expect(fields.website).toBe('');
  });

  it('keywords are sent comma-joined without empty or repeated words', () => {
    const { fields } = organisationInputOf(
      values({ keywordsDescription: ' reading,, Libraries , reading' }),
      'edit',
    );
    expect(fields.keywordsDescription).toBe('reading, Libraries');
  });

  it('only filled social links and video links are sent, remembering which input each came from', () => {
    const input = organisationInputOf(
      values({
        videos: ['', 'https://youtu.be/dQw4w9WgXcQ'],
        socials: { ...emptyOrganisationValues().socials, instagram: 'https://instagram.com/ikhaya' },
      }),
      'edit',
    );
    expect(input.fields.videos).toEqual(['https://youtu.be/dQw4w9WgXcQ']);
    expect(input.fields.socials).toEqual([{ platform: 'instagram', url: 'https://instagram.com/ikhaya' }]);
    expect(errorsToForm({ 'videos.0': ['bad video'], 'socials.0.url': ['bad link'] }, input)).toEqual({
      'videos.1': 'bad video',
      'socials.instagram': 'bad link',
    });
  });

  it('the organisation’s own email is the contract’s email, and its errors come back to that input', () => {
    const input = organisationInputOf(values({ organisationEmail: ' info@ikhaya.org.za ' }), 'edit');
    expect(input.fields.email).toBe('info@ikhaya.org.za');
    expect(errorsToForm({ email: ['bad email'] }, input)).toEqual({ organisationEmail: 'bad email' });
    expect(stepOfField('organisationEmail')).toBe('contact');
  });

  it('the multipart body carries JSON fields as text and the two files', () => {
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    const body = organisationFormData(organisationInputOf(complete(), 'create').fields, {
      logo,
      s18Certificate: null,
    });
    expect(body.get('organizationSectors')).toBe('[1,3]');
    expect(JSON.parse(String(body.get('mainContactPerson'))).email).toBe('nomsa@example.co.za');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.has('s18Certificate')).toBe(false);
  });
});

describe('validation with the shared schema', () => {
  it('a complete registration has no problems', () => {
    expect(validateOrganisationValues(complete(), 'create')).toEqual({});
  });

  it('an empty registration names the required inputs, on their steps', () => {
    const errors = validateOrganisationValues(emptyOrganisationValues(), 'create');
    expect(errors.legalName).toBe(ORGANISATION_MESSAGES.legalNameRequired);
    expect(errors.organizationTypeId).toBe(ORGANISATION_MESSAGES.type);
    expect(errors.organizationSectors).toBe(ORGANISATION_MESSAGES.sectors);
    expect(errors.briefDescription).toBe(ORGANISATION_MESSAGES.descriptionRequired);
    expect(errors['mainContactPerson.email']).toBeTruthy();
    // Every message belongs to an input the form has (an orphan would block the form for good).
    const paths = organisationFieldPaths(emptyOrganisationValues());
    for (const path of Object.keys(errors)) expect(paths).toContain(path);
  });

  it('a too-short description says how long it must be', () => {
    const errors = validateOrganisationValues({ ...complete(), briefDescription: '<p>Books.</p>' }, 'create');
    expect(errors.briefDescription).toBe(ORGANISATION_MESSAGES.descriptionTooShort);
  });

  it('each input belongs to a step', () => {
    expect(stepOfField('organizationSectors')).toBe('organisation');
    expect(stepOfField('videos.2')).toBe('about');
    expect(stepOfField('mainContactPerson.email')).toBe('contact');
    expect(stepOfField('s18Certificate')).toBe('review');
    expect(stepOfField('npoNumber')).toBe('review');
  });
});

describe('a saved organisation → form values', () => {
  it('fills the inputs, the social links by platform', () => {
    const saved = {
      id: 'b2c1d0e4-0000-4000-8000-000000000001',
      legalName: 'Ikhaya Reading Trust',
      otherName: null,
      organizationSectors: [{ id: 3, name: 'Health' }],
      organizationTypeId: 2,
      address: {
        addressLine1: '12 Vilakazi St',
        addressLine2: null,
        city: 'Soweto',
        province: 'Gauteng',
        country: null,
        zip: '1804',
      },
      keywordsDescription: 'reading',
      briefDescription: '<p>Hello</p>',
      videoUrls: [],
      socialUrls: ['https://www.facebook.com/ikhaya', 'https://x.com/ikhaya'],
      website: 'https://ikhaya.org.za',
      telephone: null,
      email: null,
      mainContactPerson: {
        id: null,
        firstName: 'Nomsa',
        lastName: 'Dlamini',
        phone: null,
        position: { id: 4, name: 'Director' },
        email: 'nomsa@example.co.za',
      },
    } as unknown as MyOrganisationView;
    const form = valuesFromOrganisation(saved);
    expect(form.organizationSectors).toEqual(['3']);
    expect(form.organizationTypeId).toBe('2');
    expect(form.address.city).toBe('Soweto');
    expect(form.socials.facebook).toBe('https://www.facebook.com/ikhaya');
    expect(form.socials.x).toBe('https://x.com/ikhaya');
    expect(form.mainContactPerson.positionId).toBe('4');
  });
});

describe('verification', () => {
  it('answers no to every question before the first submission, and sends booleans and nulls', () => {
    const inputs = answerValuesOf(null);
    expect(inputs.hasFulltimeStaff).toBe('false');
    expect(answersFromValues({ ...inputs, hasFulltimeStaff: 'true', helpRequired: '  ' })).toMatchObject({
      hasFulltimeStaff: true,
      recievesSupport: false,
      helpRequired: null,
    });
  });

  it('a banking request status reads Accepted when absent (SPEC §4)', () => {
    expect(bankingRequestStatusOf({ requestStatus: BankingRequestStatus.Pending })).toBe(
      BankingRequestStatus.Pending,
    );
    expect(bankingRequestStatusOf({ requestStatus: undefined as unknown as number })).toBe(
      BankingRequestStatus.Accepted,
    );
  });
});

describe('team roles', () => {
  it('Owners and Admins manage the team, Editors and Champions do not', () => {
    expect(canManageTeam(OrgUserRole.Owner)).toBe(true);
    expect(canManageTeam(OrgUserRole.Admin)).toBe(true);
    expect(canManageTeam(OrgUserRole.Editor)).toBe(false);
    expect(canManageTeam(OrgUserRole.Champion)).toBe(false);
  });

  it('only an Owner may make someone an Owner', () => {
    expect(rolesFor(OrgUserRole.Owner)).toContain(OrgUserRole.Owner);
    expect(rolesFor(OrgUserRole.Admin)).not.toContain(OrgUserRole.Owner);
  });
});

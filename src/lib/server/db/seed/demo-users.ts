import { OrgUserRole } from '~/lib/enums';

export interface DemoUser {
  key: string;
  role: string;
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string;
  city: string;
  province: string;
  admin?: boolean;
}

export const DEMO_USERS = [
  {
    key: 'nomvula',
    role: 'admin',
    firstName: 'Nomvula',
    lastName: 'Dlamini',
    email: 'admin@letsema.test',
    msisdn: '+27821234501',
    city: 'Johannesburg',
    province: 'Gauteng',
    admin: true,
  },
  {
    key: 'sipho',
    role: 'fundraiser (Bluetick campaigns)',
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    email: 'sipho.ndlovu@letsema.test',
    msisdn: '+27731234502',
    city: 'Pietermaritzburg',
    province: 'KwaZulu-Natal',
  },
  {
    key: 'zanele',
    role: 'fundraiser (independent campaigns)',
    firstName: 'Zanele',
    lastName: 'Mokoena',
    email: 'zanele.mokoena@letsema.test',
    msisdn: '+27841234503',
    city: 'Cape Town',
    province: 'Western Cape',
  },
  {
    key: 'lindiwe',
    role: 'fundraiser (US dollar campaign)',
    firstName: 'Lindiwe',
    lastName: 'Sithole',
    email: 'lindiwe.sithole@letsema.test',
    msisdn: '+27611234504',
    city: 'Johannesburg',
    province: 'Gauteng',
  },
  {
    key: 'anele',
    role: 'organisation owner (verified organisation)',
    firstName: 'Anele',
    lastName: 'Khumalo',
    email: 'anele.khumalo@letsema.test',
    msisdn: '+27721234505',
    city: 'Soweto',
    province: 'Gauteng',
  },
  {
    key: 'kagiso',
    role: 'organisation admin',
    firstName: 'Kagiso',
    lastName: 'Molefe',
    email: 'kagiso.molefe@letsema.test',
    msisdn: '+27791234506',
    city: 'Soweto',
    province: 'Gauteng',
  },
  {
    key: 'pieter',
    role: 'organisation champion',
    firstName: 'Pieter',
    lastName: 'van der Merwe',
    email: 'pieter.vdmerwe@letsema.test',
    msisdn: '+27831234507',
    city: 'Stellenbosch',
    province: 'Western Cape',
  },
  {
    key: 'lerato',
    role: 'organisation owner (unverified organisation)',
    firstName: 'Lerato',
    lastName: 'Mahlangu',
    email: 'lerato.mahlangu@letsema.test',
    msisdn: '+27711234508',
    city: 'Graaff-Reinet',
    province: 'Eastern Cape',
  },
  {
    key: 'thabo',
    role: 'organisation champion (unverified organisation)',
    firstName: 'Thabo',
    lastName: 'Nkosi',
    email: 'thabo.nkosi@letsema.test',
    msisdn: '+27761234510',
    city: 'Port Elizabeth',
    province: 'Eastern Cape',
  },
  {
    key: 'fatima',
    role: 'donor',
    firstName: 'Fatima',
    lastName: 'Patel',
    email: 'fatima.patel@letsema.test',
    msisdn: '+27821234509',
    city: 'Durban',
    province: 'KwaZulu-Natal',
  },
] as const satisfies readonly DemoUser[];

export type UserKey = (typeof DEMO_USERS)[number]['key'];

export interface DemoOrganisation {
  key: string;
  legalName: string;
  otherName: string;
  url: string;
  typeId: number;
  /** SARS's PBO reference number: the organisation issues Section 18A receipts (null: it does not). */
  pboNumber: string | null;
  /** The Department of Social Development's NPO registration number, as '123-456 NPO'. */
  npoNumber: string | null;
  sectorIds: number[];
  isVerified: boolean;
  logo: string;
  keywords: string;
  briefDescription: string;
  website: string;
  telephone: string;
  email: string;
  address: { addressLine1: string; addressLine2: string; city: string; province: string; zip: string };
  members: { user: UserKey; role: OrgUserRole; positionId: number }[];
}

// Type, sector and position ids refer to the lists in lookups.ts (1-based, in order).
export const DEMO_ORGANISATIONS = [
  {
    key: 'siyakhula',
    legalName: 'Siyakhula Education Trust',
    otherName: 'Siyakhula',
    url: 'siyakhula-education-trust',
    typeId: 4,
    // An approved PBO: with its tax-deductible Saturday school campaign, donors can try Section 18A receipts.
    pboNumber: '930041587',
    npoNumber: '184-227 NPO',
    sectorIds: [1, 7, 20],
    isVerified: true,
    logo: 'siyakhula-logo.svg',
    keywords: 'education,maths,science,Soweto,youth,tutoring',
    briefDescription:
      'Siyakhula ("we are growing") runs Saturday classes, holiday camps and bursaries for high-school ' +
      'learners in Soweto, so that a learner’s postcode does not decide their matric results.',
    website: 'https://siyakhula.example.org',
    telephone: '+27119821400',
    email: 'hello@siyakhula.example.org',
    address: {
      addressLine1: '1845 Vilakazi Street',
      addressLine2: 'Orlando West',
      city: 'Soweto',
      province: 'Gauteng',
      zip: '1804',
    },
    members: [
      { user: 'anele', role: OrgUserRole.Owner, positionId: 3 },
      { user: 'kagiso', role: OrgUserRole.Admin, positionId: 11 },
      { user: 'pieter', role: OrgUserRole.Champion, positionId: 16 },
    ],
  },
  {
    key: 'karoo',
    legalName: 'Karoo Animal Rescue NPC',
    otherName: 'Karoo Animal Rescue',
    url: 'karoo-animal-rescue',
    typeId: 3,
    pboNumber: null,
    // A registered NPO awaiting verification: staff compare this number with its NPO certificate.
    npoNumber: '231-905 NPO',
    sectorIds: [16, 19],
    isVerified: false,
    logo: 'karoo-animal-rescue-logo.svg',
    keywords: 'animals,sterilisation,donkeys,Karoo,rescue',
    briefDescription:
      'A small team of vets and volunteers sterilising, treating and rehoming dogs, cats and working ' +
      'donkeys in Graaff-Reinet and the surrounding Karoo towns.',
    website: 'https://karoorescue.example.org',
    telephone: '+27498912233',
    email: 'info@karoorescue.example.org',
    address: {
      addressLine1: '12 Church Street',
      addressLine2: '',
      city: 'Graaff-Reinet',
      province: 'Eastern Cape',
      zip: '6280',
    },
    members: [
      { user: 'lerato', role: OrgUserRole.Owner, positionId: 3 },
      { user: 'thabo', role: OrgUserRole.Champion, positionId: 16 },
    ],
  },
] as const satisfies readonly DemoOrganisation[];

export type OrgKey = (typeof DEMO_ORGANISATIONS)[number]['key'];

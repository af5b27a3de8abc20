import {
  CampaignStatus,
  CampaignCategory as Category,
  Currency,
  FundingType,
  PaymentGateway,
} from '~/lib/enums';
import type { OrgKey, UserKey } from './demo-users';

export interface DemoCampaign {
  url: string;
  shortUrl: string;
  name: string;
  owner: UserKey;
  organisation?: OrgKey;
  fundingType: FundingType;
  category: Category;
  /** A sub-category name of that category (lookups' SUB_CATEGORIES). */
  subCategory: string;
  status: CampaignStatus;
  published: boolean;
  featured?: boolean;
  isVerified?: boolean;
  isTaxBenefit?: boolean;
  /** Takes monthly gifts (campaignSetting.isRecurringGivingCampaign): the donation form shows its Monthly tab. */
  monthly?: boolean;
  /** Monthly gifts by Paysoft debit order too (showGateways.paysoft, off by default, SPEC §9). */
  debitOrders?: boolean;
  currency: Currency;
  /** In rand or dollars; null means "as much as was raised" (a target reached). */
  target: number | null;
  offline?: number;
  /** Days relative to now: created, start, end (null: open-ended). */
  days: { created: number; start: number; end: number | null };
  city: string;
  province: string;
  image?: string;
  eventId?: number;
  story: string[];
  thankYou: string;
  donations: { count: number; amounts: number[]; methods: PaymentGateway[] };
  close?: { reasonId: number; note: string };
}

const RAND_SMALL = [50, 100, 100, 150, 200, 200, 250, 300, 500, 500];
const RAND_MEDIUM = [100, 200, 250, 300, 500, 500, 750, 1000, 1000, 1500, 2000, 2500];
const RAND_LARGE = [250, 500, 1000, 1000, 1500, 2000, 2500, 3000, 5000, 10000];
const CARD_AND_EFT = [PaymentGateway.PayFast, PaymentGateway.InstantEFT, PaymentGateway.EFT];

export const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    url: 'help-lwazi-walk-again',
    shortUrl: 'Lwz7Q2a',
    name: 'Help Lwazi walk again',
    owner: 'sipho',
    fundingType: FundingType.Bluetick,
    category: Category.Health,
    subCategory: 'Surgery',
    status: CampaignStatus.Active,
    published: true,
    featured: true,
    isVerified: true,
    currency: Currency.Rand,
    target: 350_000,
    offline: 18_500,
    days: { created: -48, start: -45, end: 75 },
    city: 'Pietermaritzburg',
    province: 'KwaZulu-Natal',
    image: 'lwazi-walk-again.svg',
    story: [
      'My nephew Lwazi is fourteen and lives for soccer. In August a minibus taxi hit him on his way home ' +
        'from school in Imbali. He survived, but two vertebrae were crushed and he has not walked since.',
      'The surgeons at Grey’s Hospital have done everything they can. The next step is spinal surgery and ' +
        'six months of rehabilitation that the public waiting list cannot offer before next year, and by ' +
        'then the damage may be permanent.',
      'Every rand goes to the hospital and the rehabilitation centre directly. I will post the invoices ' +
        'and Lwazi’s progress here.',
    ],
    thankYou: 'Ngiyabonga! Lwazi and the whole family thank you from the bottom of our hearts.',
    donations: { count: 28, amounts: RAND_MEDIUM, methods: CARD_AND_EFT },
  },
  {
    url: 'rebuild-gogo-mthembus-home',
    shortUrl: 'Gmt4hX9',
    name: 'Rebuild Gogo Mthembu’s home after the floods',
    owner: 'sipho',
    fundingType: FundingType.Bluetick,
    category: Category.Disaster,
    subCategory: 'Flood relief',
    status: CampaignStatus.Active,
    published: true,
    isVerified: true,
    currency: Currency.Rand,
    target: 120_000,
    days: { created: -30, start: -28, end: 32 },
    city: 'Inanda, Durban',
    province: 'KwaZulu-Natal',
    image: 'gogo-mthembu-home.svg',
    story: [
      'Gogo Thokozile Mthembu is 78. She raised four grandchildren in the two-room house her late husband ' +
        'built in Inanda. The October floods took the back wall and half of the roof.',
      'Neighbours have patched it with plastic sheeting, but the next storm will finish what the first ' +
        'one started. A local builder has quoted R 118 400 for a new wall, roof sheets, trusses and ' +
        'labour.',
    ],
    thankYou: 'Gogo says: "Nkulunkulu anibusise." God bless you all.',
    donations: { count: 14, amounts: RAND_SMALL, methods: CARD_AND_EFT },
  },
  {
    url: 'in-loving-memory-of-themba-zulu',
    shortUrl: 'Tzm3Kd8',
    name: 'In loving memory of Themba Zulu',
    owner: 'sipho',
    fundingType: FundingType.Bluetick,
    category: Category.InLovingMemory,
    subCategory: 'Support for the family',
    status: CampaignStatus.Closed,
    published: true,
    isVerified: true,
    currency: Currency.Rand,
    target: null,
    days: { created: -120, start: -118, end: -58 },
    city: 'Soweto',
    province: 'Gauteng',
    image: 'themba-zulu-memorial.svg',
    story: [
      'Themba Zulu coached the Orlando Pirates juniors for twenty years and never missed a Saturday. He ' +
        'passed away suddenly in July, leaving his wife Nandi and two daughters, Ayanda (11) and Zinhle ' +
        '(7).',
      'We are raising money for the funeral and, beyond that, a study fund so that both girls can finish ' +
        'school the way their father would have wanted.',
    ],
    thankYou: 'Thank you for honouring Themba. Hamba kahle, coach.',
    donations: { count: 35, amounts: RAND_LARGE, methods: CARD_AND_EFT },
    close: {
      reasonId: 1,
      note: 'We reached the target. The study fund is open at the girls’ school; thank you all.',
    },
  },
  {
    url: 'langa-lions-u15-to-nationals',
    shortUrl: 'Lng5Pw1',
    name: 'Get the Langa Lions U15 to the national youth tournament',
    owner: 'zanele',
    fundingType: FundingType.Standard,
    category: Category.Sport,
    subCategory: 'Team travel and tournaments',
    status: CampaignStatus.Active,
    published: true,
    featured: true,
    currency: Currency.Rand,
    target: 85_000,
    days: { created: -21, start: -20, end: 40 },
    city: 'Langa, Cape Town',
    province: 'Western Cape',
    image: 'langa-under-15s.svg',
    story: [
      'Eighteen boys from Langa won the Western Cape U15 league without losing a match. Now they have ' +
        'been invited to the national youth tournament in Durban, and the bus, accommodation and meals ' +
        'for a week come to R 85 000.',
      'Most of these players have never left the province. Help us put them on the bus, in kit that fits.',
    ],
    thankYou: 'Enkosi kakhulu! The Lions will make you proud.',
    donations: { count: 18, amounts: RAND_SMALL, methods: CARD_AND_EFT },
  },
  {
    url: 'mamelodi-east-food-garden',
    shortUrl: 'Mfg2Vn6',
    name: 'Community food garden in Mamelodi East',
    owner: 'lindiwe',
    fundingType: FundingType.Standard,
    category: Category.SocialWelfare,
    subCategory: 'Soup kitchens and food security',
    status: CampaignStatus.Hidden,
    published: true,
    featured: true,
    currency: Currency.Rand,
    target: 40_000,
    days: { created: -60, start: -58, end: 30 },
    city: 'Mamelodi, Pretoria',
    province: 'Gauteng',
    image: 'mamelodi-food-garden.svg',
    story: [
      'Twelve gogos in Mamelodi East want to turn an empty plot next to the clinic into a vegetable ' +
        'garden that feeds the soup kitchen three days a week.',
      'We need fencing, a JoJo tank, seedlings and tools. The garden will be run by the women who cook.',
    ],
    thankYou: 'Re a leboga! Come and visit the garden when it is green.',
    donations: { count: 4, amounts: RAND_SMALL, methods: CARD_AND_EFT },
  },
  {
    url: 'help-ayanda-finish-nursing',
    shortUrl: 'Ayn8Rb3',
    name: 'Help Ayanda finish her nursing degree',
    owner: 'zanele',
    fundingType: FundingType.Standard,
    category: Category.Education,
    subCategory: 'University and college fees',
    status: CampaignStatus.Expired,
    published: true,
    currency: Currency.Rand,
    target: 45_000,
    days: { created: -150, start: -148, end: -20 },
    city: 'Johannesburg',
    province: 'Gauteng',
    image: 'nursing-bursary.svg',
    story: [
      'Ayanda is in her final year of a nursing degree at Wits. Her bursary covered tuition but not ' +
        'residence, and she has been commuting four hours a day from Orange Farm for her clinical ' +
        'rotations.',
      'R 45 000 pays for residence until she graduates.',
    ],
    thankYou: 'Thank you for believing in the next generation of nurses.',
    donations: { count: 9, amounts: RAND_MEDIUM, methods: CARD_AND_EFT },
  },
  {
    url: 'khayelitsha-mobile-library',
    shortUrl: 'Khm6Tz4',
    name: 'A mobile library for Khayelitsha primary schools',
    owner: 'zanele',
    fundingType: FundingType.Standard,
    category: Category.Education,
    subCategory: 'Books and stationery',
    status: CampaignStatus.Active,
    published: false,
    currency: Currency.Rand,
    target: 260_000,
    days: { created: -3, start: 7, end: 97 },
    city: 'Khayelitsha, Cape Town',
    province: 'Western Cape',
    story: [
      'Only one in five schools in Khayelitsha has a working library. We want to fit out a second-hand ' +
        'minibus with shelves and 3 000 books in isiXhosa and English, and visit eight schools every week.',
    ],
    thankYou: 'Thank you for putting books in children’s hands.',
    donations: { count: 0, amounts: RAND_SMALL, methods: CARD_AND_EFT },
  },
  {
    url: 'lindiwe-sithole-debut-album',
    shortUrl: 'Lsd9Mc5',
    name: 'Record Lindiwe Sithole’s debut album',
    owner: 'lindiwe',
    fundingType: FundingType.Standard,
    category: Category.ArtsAndCulture,
    subCategory: 'Music',
    status: CampaignStatus.Active,
    published: true,
    currency: Currency.Dollar,
    target: 8_000,
    days: { created: -25, start: -24, end: 50 },
    city: 'Johannesburg',
    province: 'Gauteng',
    image: 'debut-album.svg',
    story: [
      'After three years of singing in Maboneng jazz clubs and a summer touring festivals in the ' +
        'Netherlands, I am ready to record my first album: ten songs in isiZulu and English with a live ' +
        'band.',
      'Many of my listeners are overseas, so this campaign is in US dollars. Studio time, mixing and ' +
        'mastering come to $8 000.',
    ],
    thankYou: 'Thank you! Every backer gets the album a week before release.',
    donations: {
      count: 12,
      amounts: [10, 20, 25, 25, 50, 50, 100, 150, 250],
      methods: [PaymentGateway.PayPal, PaymentGateway.PayPalCard],
    },
  },
  {
    url: 'siyakhula-saturday-school',
    shortUrl: 'Sss2Jk7',
    name: 'Maths and science Saturday school for 120 learners',
    owner: 'anele',
    organisation: 'siyakhula',
    fundingType: FundingType.Standard,
    category: Category.Education,
    subCategory: 'Skills training',
    status: CampaignStatus.Active,
    published: true,
    featured: true,
    isTaxBenefit: true,
    monthly: true,
    // The demo's rand campaign with every rand method on: PayFast, iVeri, Ozow, SnapScan, EFT and
    // (monthly) Paysoft debit orders.
    debitOrders: true,
    currency: Currency.Rand,
    target: 480_000,
    offline: 65_000,
    days: { created: -90, start: -85, end: 180 },
    city: 'Soweto',
    province: 'Gauteng',
    image: 'saturday-school.svg',
    // Mandela Day's event page ranks these two, from two organisations.
    eventId: 4,
    story: [
      'Every Saturday, 120 Grade 10 to 12 learners from six Soweto high schools come to our centre in ' +
        'Orlando West for four hours of maths and physical science with qualified teachers.',
      'Last year 81% of our matrics passed maths, against 54% at their schools. R 480 000 runs the ' +
        'programme for a full year: teachers, past papers, lunch and taxi fare for every learner.',
      'Siyakhula is a registered Public Benefit Organisation: donations qualify for a section 18A tax ' +
        'certificate.',
    ],
    thankYou: 'Siyabonga! You have just bought a learner a Saturday of hope.',
    donations: { count: 30, amounts: RAND_LARGE, methods: CARD_AND_EFT },
  },
  {
    url: 'solar-power-for-siyakhula',
    shortUrl: 'Spw4Ne2',
    name: 'Solar power for the Siyakhula learning centre',
    owner: 'kagiso',
    organisation: 'siyakhula',
    fundingType: FundingType.Standard,
    category: Category.Education,
    subCategory: 'School infrastructure',
    status: CampaignStatus.Active,
    published: true,
    isTaxBenefit: true,
    currency: Currency.Rand,
    target: 210_000,
    days: { created: -40, start: -38, end: 52 },
    city: 'Soweto',
    province: 'Gauteng',
    image: 'siyakhula-solar.svg',
    story: [
      'Load-shedding and cable theft have cut our evening study sessions in half. A 10 kW solar system ' +
        'with batteries keeps the lights, the Wi-Fi and twenty laptops running whatever Eskom does.',
      'The installer’s quote is R 206 500 including a certificate of compliance.',
    ],
    thankYou: 'Thank you for keeping the lights on for our learners.',
    donations: { count: 10, amounts: RAND_MEDIUM, methods: CARD_AND_EFT },
  },
  {
    url: 'sterilise-500-in-graaff-reinet',
    shortUrl: 'Krs7Gw1',
    name: 'Sterilise 500 dogs and cats in Graaff-Reinet',
    owner: 'lerato',
    organisation: 'karoo',
    fundingType: FundingType.Standard,
    category: Category.AnimalWelfare,
    subCategory: 'Sterilisation campaigns',
    status: CampaignStatus.Active,
    published: true,
    monthly: true,
    currency: Currency.Rand,
    target: 175_000,
    offline: 9_800,
    days: { created: -35, start: -33, end: 57 },
    city: 'Graaff-Reinet',
    province: 'Eastern Cape',
    image: 'karoo-sterilisation.svg',
    // Mandela Day's event page ranks these two, from two organisations.
    eventId: 4,
    story: [
      'One unsterilised dog can be the start of sixty puppies in six years. In Umasizakhe and Kroonvale ' +
        'most pets have never seen a vet.',
      'Our mobile clinic sterilises, vaccinates and deworms an animal for R 350. Five hundred animals ' +
        'before winter means far fewer hungry strays next year.',
    ],
    thankYou: 'From every wagging tail: thank you!',
    donations: { count: 16, amounts: RAND_SMALL, methods: CARD_AND_EFT },
  },
  {
    url: 'karoo-donkey-sanctuary-borehole',
    shortUrl: 'Kdb3Hs6',
    name: 'Borehole for the Karoo donkey sanctuary',
    owner: 'lerato',
    organisation: 'karoo',
    fundingType: FundingType.Standard,
    category: Category.AnimalWelfare,
    subCategory: 'Animal shelters and sanctuaries',
    status: CampaignStatus.Closed,
    published: true,
    currency: Currency.Rand,
    target: 95_000,
    days: { created: -200, start: -198, end: -100 },
    city: 'Graaff-Reinet',
    province: 'Eastern Cape',
    image: 'karoo-borehole.svg',
    story: [
      'Thirty-four rescued donkeys drink 1 500 litres of water a day, and the municipal supply to the ' +
        'sanctuary fails for days at a time. A borehole and pump would end the water-truck runs.',
    ],
    thankYou: 'The donkeys say thank you, loudly.',
    donations: { count: 8, amounts: RAND_MEDIUM, methods: CARD_AND_EFT },
    close: {
      reasonId: 2,
      note:
        'The municipality connected the sanctuary to the new Nqweba pipeline, so the borehole is no ' +
        'longer needed.',
    },
  },
  {
    url: 'thabo-swims-for-karoo-donkeys',
    shortUrl: 'Tsk4Dn9',
    name: 'Thabo swims the Algoa Bay mile for Karoo donkeys',
    owner: 'thabo',
    organisation: 'karoo',
    fundingType: FundingType.Standard,
    category: Category.AnimalWelfare,
    subCategory: 'Animal shelters and sanctuaries',
    status: CampaignStatus.Active,
    published: true,
    currency: Currency.Rand,
    target: 20_000,
    days: { created: -6, start: -5, end: 60 },
    city: 'Gqeberha',
    province: 'Eastern Cape',
    image: 'karoo-swim-champion.svg',
    story: [
      'On the first Saturday of February I swim the Algoa Bay mile. Every R 200 buys a month of feed and ' +
        'hoof care for one of the thirty-four rescued donkeys at the Karoo Animal Rescue sanctuary.',
    ],
    thankYou: 'Thank you for getting me (and the donkeys) through the cold water!',
    donations: { count: 6, amounts: [100, 200, 200, 300, 500], methods: CARD_AND_EFT },
  },
  {
    url: 'pieter-rides-the-cycle-tour',
    shortUrl: 'Prc5Yt8',
    name: 'Pieter rides the Cape Town Cycle Tour for Siyakhula',
    owner: 'pieter',
    organisation: 'siyakhula',
    fundingType: FundingType.Standard,
    category: Category.Sport,
    subCategory: 'Charity challenge (run, ride, swim)',
    status: CampaignStatus.Active,
    published: true,
    isTaxBenefit: true,
    currency: Currency.Rand,
    target: 50_000,
    days: { created: -14, start: -12, end: 120 },
    city: 'Cape Town',
    province: 'Western Cape',
    image: 'cycle-tour-champion.svg',
    eventId: 1,
    story: [
      'In March I ride the 109 km Cape Town Cycle Tour, my first since a knee operation. Sponsor a ' +
        'kilometre for R 100 and every cent goes to Siyakhula’s Saturday school in Soweto.',
    ],
    thankYou: 'Dankie! I will think of you on Chapman’s Peak.',
    donations: { count: 11, amounts: [100, 100, 200, 250, 500, 1000], methods: CARD_AND_EFT },
  },
  {
    url: 'comrades-for-school-shoes',
    shortUrl: 'Cfs8Lq2',
    name: 'Running Comrades for school shoes',
    owner: 'pieter',
    organisation: 'siyakhula',
    fundingType: FundingType.Standard,
    category: Category.Youth,
    subCategory: 'Youth programmes',
    status: CampaignStatus.Active,
    published: true,
    isTaxBenefit: true,
    currency: Currency.Rand,
    target: 90_000,
    days: { created: -10, start: -9, end: 205 },
    city: 'Durban',
    province: 'KwaZulu-Natal',
    image: 'comrades-champion.svg',
    eventId: 3,
    story: [
      'About 90 km from Pietermaritzburg to Durban: each kilometre I run buys ten pairs of school shoes ' +
        'for Siyakhula learners. R 90 000 is 900 pairs, enough for every learner and their younger ' +
        'siblings.',
    ],
    thankYou: 'Thank you for running with me, every step.',
    donations: { count: 7, amounts: [150, 250, 250, 500, 1000], methods: CARD_AND_EFT },
  },
];

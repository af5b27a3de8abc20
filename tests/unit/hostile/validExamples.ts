/**
 * One valid input per exported schema of src/lib/schemas, by export name
 * (`name()` for a factory the test calls with its defaults): the starting point of
 * the "nearly valid" mutations (tests/support/hostileValues.ts `nearlyValid`). A schema without
 * an example here is still fuzzed with wholly hostile values; schemas.test.ts checks that each
 * example here is accepted, so a rule change that makes one invalid is noticed.
 */

export const SOME_UUID = '3f1c2b9e-7a4d-4c1e-9f0a-2b3c4d5e6f70';
const person = { firstName: 'Thandeka', lastName: 'Nkosi', email: 'thandeka@example.org' };
const password = 'a-long-unusual-passphrase';

export const bankingDetails = {
  accountHolderName: 'Thandeka Nkosi',
  idType: 0,
  idNumber: '8001015009087',
  statementReference: 'LETSEMA',
  bankName: 'FNB',
  bankNameAlt: null,
  accountNumber: '62123456789',
  bankCode: '250655',
  swiftCode: null,
  accountType: 0,
  isInternational: false,
};

export const address = {
  addressLine1: '12 Long Street',
  addressLine2: 'Unit 4',
  zip: '8001',
  city: 'Cape Town',
  province: 'Western Cape',
  country: 'South Africa',
};

export const campaignForm = {
  name: 'Water for Ga-Rankuwa',
  story: '<p>Clean water for every household in the village, carried no more than a few steps.</p>',
  startDate: '2030-03-01',
  endDate: '2030-06-30',
  donationTarget: 50_000,
  offlineDonations: 250,
  thankYouMessage: 'Thank you!',
  url: 'water-for-ga-rankuwa',
  fundingType: 0,
  campaignCategory: 1,
  currency: 1,
  notificationFrequency: 1,
  visibility: 0,
  hidden: false,
  socials: [{ platform: 'facebook', url: 'https://facebook.com/water' }],
  videos: ['https://youtu.be/dQw4w9WgXcQ'],
  address,
  settings: { isRecurringGivingCampaign: true, showBarometer: 1, isTaxBenefit: false },
  imageDetails: [{ url: '/files/cover.webp', fileName: 'cover.webp', deleted: false }],
};

export const organisationForm = {
  legalName: 'Ubuntu Water Trust',
  organizationTypeId: 1,
  organizationSectors: [1, 2],
  briefDescription: '<p>We bring clean water to rural villages in Limpopo and beyond.</p>',
  mainContactPerson: { ...person, phone: '0821234567', positionId: 1 },
  otherName: 'Ubuntu Water',
  keywordsDescription: 'water, villages',
  address,
  videos: ['https://vimeo.com/123456'],
  socials: [{ platform: 'website', url: 'https://ubuntu-water.example.org' }],
  website: 'ubuntu-water.example.org',
  telephone: '0211234567',
  email: 'info@ubuntu-water.example.org',
  url: 'ubuntu-water',
  nonRandOrganization: false,
};

export const singleDonation = {
  type: 0,
  currencyId: 1,
  amount: 100,
  tipOrAdminFeeAmount: 5,
  paymentMethod: 1,
  ...person,
  mobileNumber: '0821234567',
  anonymous: false,
  displayName: 'Thandeka',
  comment: 'Good luck!',
  campaignId: SOME_UUID,
};

export const recurringDonation = {
  ...singleDonation,
  type: 1,
  term: 1,
  deductionDate: 0,
  cardConsent: true,
  onceOffAmount: 0,
};

export const teamMember = {
  campaignId: SOME_UUID,
  ...person,
  mobileNumber: '0821234567',
  organizationPositionId: 1,
  userRole: 2,
  mainContactPerson: false,
  deleted: false,
};

const verificationAnswers = {
  hasFulltimeStaff: true,
  hasCrowdfundedBefore: false,
  hasUsedEventsBefore: 'false',
  recievesSupport: true,
  recievedSupportDetails: 'The municipality',
  helpRequired: 'Marketing',
  regularNumberOfDonors: '40',
  crowdFundingLinks: null,
  supportPartners: 'Rotary',
};

const supplierBanking = {
  ...bankingDetails,
  idType: null,
  idNumber: '',
  accountHolderEmail: 'pay@example.org',
};

export const VALID_EXAMPLES: Readonly<Record<string, unknown>> = {
  // auth.ts
  firstNameSchema: 'Thandeka',
  lastNameSchema: 'Nkosi',
  emailSchema: 'thandeka@example.org',
  phoneSchema: '0821234567',
  registerSchema: { ...person, password, phone: '0821234567' },
  loginSchema: { email: person.email, password },
  verifyUserSchema: { token: 'abc123' },
  resendVerificationSchema: { email: person.email },
  forgotPasswordSchema: { email: person.email },
  resetPasswordSchema: { token: 'abc123', password },
  setPasswordSchema: { token: 'abc123', password },
  refreshTokenSchema: { refreshToken: 'a.b.c' },
  // admin.ts, adminRequests.ts
  reasonSchema: 'The document is unreadable.',
  referenceSchema: 'FNB-123',
  adminReasonSchema: { reason: 'The document is unreadable.' },
  payoutReferenceSchema: { reference: 'FNB-123' },
  adminDecisionSchema: { accepted: false, reason: 'The document is unreadable.' },
  payoutDecisionSchema: { status: 3, reason: null, reference: 'FNB-123' },
  bannerSchema: { message: 'Giving Tuesday!', isVisible: true, domain: null },
  newEventSchema: {
    name: 'Comrades 2030',
    description: 'The run',
    location: 'Durban',
    startDate: '2030-06-01',
    endDate: '2030-06-02T08:00:00+02:00',
    isActive: true,
  },
  eventChangeSchema: { name: 'Comrades 2031', startDate: '2031-06-01', isActive: false },
  closeReasonSchema: { name: 'Goal reached' },
  adminCampaignChangeSchema: { hidden: true, featured: false, close: { closeReasonId: 1, note: 'Done' } },
  adminSearchSchema: { q: 'water', kind: 'users' },
  // campaign*.ts
  socialSchema: { platform: 'x', url: 'https://x.com/water' },
  createCampaignSchema: campaignForm,
  editCampaignSchema: campaignForm,
  closeCampaignSchema: { closeReasonId: 1, note: 'Goal reached' },
  campaignSearchSchema: {
    searchText: 'water',
    address: 'Durban',
    campaignCategoryIds: '1,2',
    organizationId: SOME_UUID,
    featured: 'true',
    topSupported: 'false',
    orderBy: 'mostRaised',
    pageNo: '2',
    pageSize: '12',
  },
  teamMemberSchema: teamMember,
  removeTeamMemberSchema: { id: SOME_UUID, campaignId: SOME_UUID, deleted: true },
  invitationAnswerSchema: { token: 'abc123', accept: true },
  campaignUpdatePostSchema: {
    campaignId: SOME_UUID,
    description: 'We drilled the well!',
    videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
  },
  bankingDetailsSchema: bankingDetails,
  campaignVerificationSchema: { bankingDetails },
  // donation.ts
  singleDonationSchema: singleDonation,
  recurringDonationSchema: recurringDonation,
  donationPatchSchema: { status: 3, comment: 'Sorry', displayName: 'T', anonymous: true },
  eftReceivedSchema: { amount: 105 },
  'recurringScheduleSchema()': { amount: 50, term: 1, deductionDate: 0 },
  // organisation*.ts
  registerOrganisationSchema: organisationForm,
  editOrganisationSchema: organisationForm,
  organisationSearchSchema: {
    searchText: 'water',
    address: 'Limpopo',
    organizationTypeIds: '1,2',
    organizationSectorIds: ['3'],
    orderBy: 'name',
    pageNo: '1',
    pageSize: '12',
  },
  teamScopeSchema: { organizationId: SOME_UUID },
  organisationTeamMemberSchema: {
    ...teamMember,
    campaignId: undefined,
    organizationId: SOME_UUID,
    userRole: 3,
  },
  removeOrganisationTeamMemberSchema: { id: SOME_UUID, organizationId: SOME_UUID, deleted: true },
  verificationAnswersSchema: verificationAnswers,
  organisationVerificationSchema: { verification: verificationAnswers, bankingDetails },
  // payout.ts
  payoutRequestSchema: {
    campaignFundingInfo: [{ id: SOME_UUID, payoutAmount: 150 }],
    tipPercentage: 3,
    description: 'Pipes',
    notes: 'Thanks',
  },
  payoutOptionSchema: 'bankingDetails',
  supplierBankingSchema: supplierBanking,
  bluetickPayoutSchema: {
    campaignId: SOME_UUID,
    payoutAmount: '150.50',
    tipPercentage: '0',
    description: 'Pipes',
    notes: null,
  },
  supplierBankingFieldSchema: { bankingDetails: supplierBanking },
  // profile.ts
  addressSchema: address,
  // phone.ts
  optionalPhoneOrNullSchema: '+44 20 7946 0958',
  updateProfileSchema: { firstName: 'Thandeka', lastName: 'Nkosi', phone: '0821234567', address },
};

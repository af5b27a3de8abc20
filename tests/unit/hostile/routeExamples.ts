import {
  bankingDetails,
  campaignForm,
  organisationForm,
  recurringDonation,
  singleDonation,
  teamMember,
  VALID_EXAMPLES,
} from './validExamples';

/** The seeded data the examples point at (endpoints.test.ts makes it through the services). */
export interface World {
  ownerId: string;
  ownerEmail: string;
  campaignId: string;
  campaignUrl: string;
  organisationId: string;
  organisationUrl: string;
  donationId: string;
  donationToken: string;
  donationReference: string;
  mandateToken: string;
}

/**
 * A valid body for each route that reads one, by `METHOD /pattern`, pointing at the seeded
 * world: the start of the "one field made hostile" requests, which get past the first rule to
 * the services and queries. Multipart routes take the same shape; objects and lists in it are
 * sent as JSON text, as the forms send them. A route without an example here is still sent
 * wholly hostile bodies.
 */
export function routeExamples(world: World): Record<string, Record<string, unknown>> {
  const decision = VALID_EXAMPLES.adminDecisionSchema as Record<string, unknown>;
  const password = 'a-long-unusual-passphrase';
  const forCampaign = { campaignId: world.campaignId };
  return {
    'POST /api/v1/authentication/login': { email: world.ownerEmail, password: 'wrong-but-long-enough' },
    'POST /api/v1/authentication/register': {
      firstName: 'Sipho',
      lastName: 'Dube',
      email: 'sipho@example.org',
      password,
    },
    'POST /api/v1/authentication/forgot-password': { email: world.ownerEmail },
    'POST /api/v1/authentication/verification-email': { email: world.ownerEmail },
    'POST /api/v1/authentication/reset-password': { token: 'abc123', password },
    'POST /api/v1/authentication/set-password': { token: 'abc123', password },
    'PATCH /api/v1/authentication/verify-user': { token: 'abc123' },
    'POST /api/v1/authentication/refresh': { refreshToken: 'a.b.c' },
    'POST /api/v1/authentication/logout': { refreshToken: 'a.b.c' },
    'PATCH /api/v1/admin/banking-details/[id]': decision,
    'PATCH /api/v1/admin/campaigns/[id]': { hidden: false, featured: true },
    'PATCH /api/v1/admin/campaigns/[id]/verification': decision,
    'PATCH /api/v1/admin/organizations/[id]/verification': decision,
    'PATCH /api/v1/admin/payouts/[id]': VALID_EXAMPLES.payoutDecisionSchema as Record<string, unknown>,
    'PATCH /api/v1/admin/donations/[id]/eft-received': { amount: 105 },
    'PUT /api/v1/admin/banner': VALID_EXAMPLES.bannerSchema as Record<string, unknown>,
    'POST /api/v1/admin/close-reasons': { name: 'Goal reached' },
    'PATCH /api/v1/admin/close-reasons/[id]': { name: 'Goal reached' },
    'POST /api/v1/admin/events': VALID_EXAMPLES.newEventSchema as Record<string, unknown>,
    'PATCH /api/v1/admin/events/[id]': VALID_EXAMPLES.eventChangeSchema as Record<string, unknown>,
    'PATCH /api/v1/campaigns/[id]/close': { closeReasonId: 1, note: 'Goal reached' },
    'POST /api/v1/campaigns': { ...campaignForm, url: 'water-two' },
    'PATCH /api/v1/campaigns/[id]': campaignForm,
    'PATCH /api/v1/campaigns/[id]/verification': { bankingDetails },
    'POST /api/v1/campaigns/campaign-updates': { ...forCampaign, description: 'We drilled the well!' },
    'POST /api/v1/donations': { ...singleDonation, ...forCampaign },
    'POST /api/v1/donations/logged-in': { ...singleDonation, ...forCampaign },
    'PATCH /api/v1/donations/[id]': VALID_EXAMPLES.donationPatchSchema as Record<string, unknown>,
    'POST /api/v1/donations/[id]/eft-received': { amount: 105 },
    'POST /api/v1/donationsscheduler': { ...recurringDonation, ...forCampaign },
    'PATCH /api/v1/donationsscheduler/[id]': { amount: 60, term: 2, deductionDate: 1 },
    'POST /api/v1/organizations': { ...organisationForm, url: 'ubuntu-two' },
    'PATCH /api/v1/organizations/[id]': organisationForm,
    'PATCH /api/v1/organizations/[id]/verification': VALID_EXAMPLES.organisationVerificationSchema as Record<
      string,
      unknown
    >,
    'POST /api/v1/payouts': { campaignFundingInfo: [{ id: world.campaignId, payoutAmount: 150 }] },
    'POST /api/v1/payouts/bluetick-payout': { ...forCampaign, payoutAmount: '150', bankingDetails },
    'PATCH /api/v1/team-members': { ...teamMember, ...forCampaign },
    'POST /api/v1/team-members': { token: 'abc123', accept: true },
    'PATCH /api/v1/users': VALID_EXAMPLES.updateProfileSchema as Record<string, unknown>,
    'POST /api/v1/payments/payfast/notify': {
      m_payment_id: world.donationReference,
      pf_payment_id: '1089250',
      payment_status: 'COMPLETE',
      amount_gross: '100.00',
      signature: 'ad8e7685c9522c24365d7ccea8cb3db7',
    },
    'POST /api/v1/payments/ozow/notify': {
      TransactionReference: world.donationReference,
      TransactionId: 'ozow-1',
      Status: 'Complete',
      Amount: '100.00',
      HashCheck: 'abc',
    },
    'POST /api/v1/payments/paypal/webhook': {
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ORDER-1', purchase_units: [{ custom_id: world.donationReference }] },
    },
  };
}

/** The value a path parameter takes to reach a real thing of the seeded world (first rule that matches). */
export function realParam(pattern: string, world: World): string {
  const rules: [RegExp, string][] = [
    [/\/admin\/queues\//, 'payouts'],
    [/\/organi[sz]ations.*\[identifier\]/, world.organisationUrl],
    [/\/organi[sz]ations/, world.organisationId],
    [/\[identifier\]/, world.campaignUrl],
    [/\/donationsscheduler\//, world.mandateToken],
    [/\/donations\/list\/\[id\]|\/donations\/\[id\]\/eft-received/, world.donationId],
    [/\/donations\/\[id\]/, world.donationToken],
    [/\/users\//, world.ownerId],
    [/\[\.\.\.path\]/, 'no/such/endpoint'],
  ];
  return rules.find(([rule]) => rule.test(pattern))?.[1] ?? world.campaignId;
}

// The authorization table of tests/api/route-access.test.ts: one concrete call per API route that
// is not public (src/lib/server/http/routeAccess.ts), with real ids and a valid body, so that only
// the access check can turn it away. Plain data, no server: tests/unit/http/routeInventory.test.ts
// checks that every route that needs one has a row. A new route needs only a row here.

import { validBanking } from './documents';

/** What accessWorld.ts builds: one owner's resources, and what the back office decides on. */
export interface AccessWorld {
  owner: { id: string; accessToken: string };
  /** Ready to launch: the owner views, edits and verifies it. */
  draftId: string;
  /** Ready to launch: the owner launches it. */
  launchableId: string;
  /** Launched: updates, funding, payouts, team; two EFT gifts wait on it, one accepted. */
  launched: { id: string; url: string };
  /** Launched: the owner closes it. */
  closableId: string;
  organisationId: string;
  /** The launched campaign's banking details, submitted and not yet decided. */
  bankingDetailId: string;
  /** A pending payout of another campaign of the owner's. */
  payoutId: string;
  /** Two EFT donations waiting for their transfer, R 250 each: one per admin route that settles one. */
  eftDonationIds: readonly [string, string];
  /** A platform event (a lookup every campaign form offers). */
  eventId: number;
  /** A mail delivered to the owner (their verification): not a dead letter, so resending it is refused (409). */
  deliveredMailId: string;
}

export interface UploadSpec {
  field: string;
  name: string;
  kind: 'png' | 'pdf';
}

export type CallBody =
  | { json: unknown }
  | { form: Record<string, unknown>; files?: readonly UploadSpec[]; query?: string };

export interface AccessCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: CallBody;
}

export interface AccessCase {
  call: (w: AccessWorld) => AccessCall;
  /** For a change a stranger must not make: what the owner reads before and after (GET path). */
  readBack?: (w: AccessWorld) => string;
  /**
   * The resource is named inside the body, so the body must be read (and may be refused) before
   * anyone can tell whose it is; every other route decides the permission first.
   */
  resourceInBody?: true;
}

const BANKING = validBanking('Ayanda Access');

const ORGANISATION_ANSWERS = {
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

const get = (path: string): AccessCall => ({ method: 'GET', path });
const json = (method: AccessCall['method'], path: string, body: unknown): AccessCall => ({
  method,
  path,
  body: { json: body },
});
const ownerView = (id: string) => `/api/v1/campaigns/${id}`;
const NO_UUID = '00000000-0000-4000-8000-000000000000';

export const ACCESS_CASES: Readonly<Record<string, AccessCase>> = {
  // signed-in: the caller's own things.
  'POST /api/v1/campaigns': {
    call: () => ({
      method: 'POST',
      path: '/api/v1/campaigns',
      body: { form: { name: 'Access check draft', donationTarget: 5000, campaignCategory: 6 } },
    }),
  },
  'GET /api/v1/campaigns/user-campaigns': { call: () => get('/api/v1/campaigns/user-campaigns') },
  'POST /api/v1/donations/logged-in': {
    call: (w) =>
      json('POST', '/api/v1/donations/logged-in', {
        type: 0,
        currencyId: 1,
        amount: 250,
        tipOrAdminFeeAmount: 0,
        paymentMethod: 0,
        firstName: 'Thabo',
        lastName: 'Mokoena',
        email: 'access-donor@letsema.test',
        mobileNumber: '0821234567',
        anonymous: false,
        displayName: '',
        comment: '',
        campaignUrl: w.launched.url,
      }),
  },
  'GET /api/v1/donations/user/once-off': { call: () => get('/api/v1/donations/user/once-off') },
  'GET /api/v1/donations/user/recurring': { call: () => get('/api/v1/donations/user/recurring') },
  'GET /api/v1/organizations': { call: () => get('/api/v1/organizations') },
  'GET /api/v1/organizations/mine': { call: () => get('/api/v1/organizations/mine') },
  'POST /api/v1/organizations': {
    call: () => ({
      method: 'POST',
      path: '/api/v1/organizations',
      body: {
        form: {
          legalName: 'Access Check Trust',
          organizationTypeId: 1,
          organizationSectors: [2],
          briefDescription: '<p>We run a soup kitchen and an after-school club in Qonce.</p>',
          mainContactPerson: {
            firstName: 'Nomsa',
            lastName: 'Owner',
            phone: '+27821234567',
            email: 'access-org@letsema.test',
          },
          address: {
            addressLine1: '3 Main Road',
            city: 'Qonce',
            province: 'Eastern Cape',
            country: 'South Africa',
          },
        },
      },
    }),
  },
  'PATCH /api/v1/users': {
    call: () => json('PATCH', '/api/v1/users', { firstName: 'Ayanda', lastName: 'Access' }),
  },
  'GET /api/v1/users/owner-mail': { call: () => get('/api/v1/users/owner-mail') },
  'GET /api/v1/users/yearly-certificates': { call: () => get('/api/v1/users/yearly-certificates') },
  'GET /api/v1/yearly-certificates/[id]/pdf': {
    call: () => get(`/api/v1/yearly-certificates/${NO_UUID}/pdf`),
  },
  'PUT /api/v1/users/owner-mail': {
    call: () => json('PUT', '/api/v1/users/owner-mail', { first: true, targets: true, quiet: true }),
  },
  'POST /api/v1/team-members': {
    call: () =>
      json('POST', '/api/v1/team-members', { token: 'an-invitation-token-from-a-mail', accept: true }),
  },

  // owner: a role on the resource.
  'GET /api/v1/campaigns/[id]': { call: (w) => get(ownerView(w.draftId)) },
  'PATCH /api/v1/campaigns/[id]': {
    call: (w) => ({
      method: 'PATCH',
      path: `/api/v1/campaigns/${w.draftId}`,
      body: { form: { name: 'Renamed by whoever may' } },
    }),
    readBack: (w) => ownerView(w.draftId),
  },
  'PATCH /api/v1/campaigns/[id]/launch': {
    call: (w) => json('PATCH', `/api/v1/campaigns/${w.launchableId}/launch`, {}),
    readBack: (w) => ownerView(w.launchableId),
  },
  'PATCH /api/v1/campaigns/[id]/verification': {
    call: (w) => ({
      method: 'PATCH',
      path: `/api/v1/campaigns/${w.draftId}/verification`,
      body: {
        form: { bankingDetails: BANKING },
        files: [{ field: 'identificationDocumentation', name: 'id.pdf', kind: 'pdf' }],
      },
    }),
    readBack: (w) => ownerView(w.draftId),
  },
  'GET /api/v1/campaigns/[id]/funding': { call: (w) => get(`/api/v1/campaigns/${w.launched.id}/funding`) },
  'GET /api/v1/campaigns/[id]/insights': { call: (w) => get(`/api/v1/campaigns/${w.launched.id}/insights`) },
  'GET /api/v1/campaigns/funding/[id]': { call: (w) => get(`/api/v1/campaigns/funding/${w.launched.id}`) },
  'GET /api/v1/campaigns/[id]/donations': {
    call: (w) => get(`/api/v1/campaigns/${w.launched.id}/donations`),
  },
  'GET /api/v1/campaigns/[id]/donations.csv': {
    call: (w) => get(`/api/v1/campaigns/${w.launched.id}/donations.csv`),
  },
  'POST /api/v1/campaigns/[id]/donations/thank': {
    call: (w) =>
      json('POST', `/api/v1/campaigns/${w.launched.id}/donations/thank`, { message: 'Thank you, truly.' }),
  },
  'POST /api/v1/campaigns/campaign-updates': {
    resourceInBody: true,
    call: (w) => ({
      method: 'POST',
      path: '/api/v1/campaigns/campaign-updates',
      body: { form: { campaignId: w.launched.id, description: '<p>The kit arrived on Friday.</p>' } },
    }),
    readBack: (w) => `/api/v1/campaigns/campaign-updates/list/${w.launched.id}?idType=1`,
  },
  'PATCH /api/v1/campaigns/[id]/close': {
    call: (w) =>
      json('PATCH', `/api/v1/campaigns/${w.closableId}/close`, { closeReasonId: 1, note: 'Done.' }),
    readBack: (w) => ownerView(w.closableId),
  },
  'GET /api/v1/organizations/[id]': { call: (w) => get(`/api/v1/organizations/${w.organisationId}`) },
  'PATCH /api/v1/organizations/[id]': {
    call: (w) => ({
      method: 'PATCH',
      path: `/api/v1/organizations/${w.organisationId}`,
      body: { form: { otherName: 'Qonce Soup & Books' } },
    }),
    readBack: (w) => `/api/v1/organizations/${w.organisationId}`,
  },
  'GET /api/v1/organizations/[id]/funding': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/funding`),
  },
  'GET /api/v1/organizations/[id]/insights': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/insights`),
  },
  'PATCH /api/v1/organizations/[id]/verification': {
    call: (w) => ({
      method: 'PATCH',
      path: `/api/v1/organizations/${w.organisationId}/verification`,
      body: {
        form: {
          verification: ORGANISATION_ANSWERS,
          bankingDetails: { ...BANKING, idType: 3, idNumber: 'IT1234/2019' },
        },
        files: [{ field: 'legalDocument', name: 'npo-certificate.pdf', kind: 'pdf' }],
      },
    }),
    readBack: (w) => `/api/v1/organizations/${w.organisationId}`,
  },
  'PATCH /api/v1/team-members': {
    resourceInBody: true,
    call: (w) =>
      json('PATCH', '/api/v1/team-members', {
        campaignId: w.launched.id,
        firstName: 'Team',
        lastName: 'Member',
        email: 'access-team-member@letsema.test',
        userRole: 2,
      }),
    readBack: (w) => ownerView(w.launched.id),
  },
  'POST /api/v1/payouts': {
    resourceInBody: true,
    call: (w) =>
      json('POST', '/api/v1/payouts', {
        campaignFundingInfo: [{ id: w.launched.id, payoutAmount: 100 }],
        description: 'Kit',
        notes: '',
      }),
    readBack: (w) => `/api/v1/payouts/list/${w.launched.id}`,
  },
  'POST /api/v1/payouts/bluetick-payout': {
    resourceInBody: true,
    call: (w) => ({
      method: 'POST',
      path: '/api/v1/payouts/bluetick-payout?payoutOption=bankingDetails',
      body: { form: { campaignId: w.launched.id, payoutAmount: 100, description: 'Kit' } },
    }),
    readBack: (w) => `/api/v1/payouts/list/${w.launched.id}`,
  },
  'GET /api/v1/payouts/list/[id]': { call: (w) => get(`/api/v1/payouts/list/${w.launched.id}`) },
  'GET /api/v1/users/[userId]': { call: (w) => get(`/api/v1/users/${w.owner.id}`) },
  // Wrong password: the owner gets past the check to the password's 400, and the account stays.
  'DELETE /api/v1/users/[userId]': {
    call: (w) => json('DELETE', `/api/v1/users/${w.owner.id}`, { password: 'not-the-owners-password' }),
    readBack: (w) => `/api/v1/users/${w.owner.id}`,
  },
  'GET /api/v1/users/[userId]/export': { call: (w) => get(`/api/v1/users/${w.owner.id}/export`) },
  'GET /api/v1/organizations/[id]/receipts': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/receipts`),
  },
  'GET /api/v1/organizations/[id]/receipts/export': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/receipts/export`),
  },
  'GET /api/v1/organizations/[id]/yearly-certificates': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/yearly-certificates`),
  },
  'POST /api/v1/organizations/[id]/yearly-certificates': {
    call: (w) =>
      json('POST', `/api/v1/organizations/${w.organisationId}/yearly-certificates`, { taxYear: 2026 }),
  },
  'GET /api/v1/organizations/[id]/yearly-certificates/export': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/yearly-certificates/export?taxYear=2026`),
  },
  'GET /api/v1/organizations/[id]/donations': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/donations`),
  },
  'GET /api/v1/organizations/[id]/donations.csv': {
    call: (w) => get(`/api/v1/organizations/${w.organisationId}/donations.csv`),
  },
  'PATCH /api/v1/users/[userId]/image': {
    call: (w) => ({
      method: 'PATCH',
      path: `/api/v1/users/${w.owner.id}/image`,
      body: { form: {}, files: [{ field: 'image', name: 'me.png', kind: 'png' }] },
    }),
    readBack: (w) => `/api/v1/users/${w.owner.id}`,
  },

  // admin: the back office. Calls that would change what every visitor sees (the banner, the
  // lookups) send a body the admin's own validation refuses (400), so this file never changes
  // what other test files see; passing the gate is what they prove.
  'POST /api/v1/donations/[id]/eft-received': {
    call: (w) => json('POST', `/api/v1/donations/${w.eftDonationIds[0]}/eft-received`, { amount: 250 }),
  },
  'PATCH /api/v1/admin/donations/[id]/eft-received': {
    call: (w) =>
      json('PATCH', `/api/v1/admin/donations/${w.eftDonationIds[1]}/eft-received`, { amount: 250 }),
  },
  // Refunds: the admin passes the gate and the body's empty reason is refused (400), so nothing moves.
  'POST /api/v1/admin/donations/[id]/refund': {
    call: (w) => json('POST', `/api/v1/admin/donations/${w.eftDonationIds[0]}/refund`, { reason: '' }),
  },
  'POST /api/v1/admin/donations/[id]/chargeback': {
    call: (w) => json('POST', `/api/v1/admin/donations/${w.eftDonationIds[0]}/chargeback`, { reason: '' }),
  },
  'POST /api/v1/admin/refunds/[id]/reverse': {
    call: () => json('POST', `/api/v1/admin/refunds/${NO_UUID}/reverse`, { reason: '' }),
  },
  'POST /api/v1/admin/campaigns/[id]/refund-all': {
    call: (w) => json('POST', `/api/v1/admin/campaigns/${w.launched.id}/refund-all`, { reason: '' }),
  },
  'GET /api/v1/admin/campaigns/[id]/refunds': {
    call: (w) => get(`/api/v1/admin/campaigns/${w.launched.id}/refunds`),
  },
  // Reports: the admin passes the gate and the empty body is refused (400): nothing is closed or mailed.
  'GET /api/v1/admin/reports': { call: () => get('/api/v1/admin/reports') },
  'GET /api/v1/admin/refund-requests': { call: () => get('/api/v1/admin/refund-requests') },
  'PATCH /api/v1/admin/refund-requests/[id]': {
    call: () => json('PATCH', `/api/v1/admin/refund-requests/${NO_UUID}`, { decision: 'decline', note: '' }),
  },
  'PATCH /api/v1/admin/reports/[kind]/[id]': {
    call: (w) => json('PATCH', `/api/v1/admin/reports/campaign/${w.launched.id}`, { status: '' }),
  },
  'POST /api/v1/admin/reports/[kind]/[id]/ask-owner': {
    call: (w) => json('POST', `/api/v1/admin/reports/campaign/${w.launched.id}/ask-owner`, { message: '' }),
  },
  'GET /api/v1/admin/audit': {
    call: (w) => get(`/api/v1/admin/audit?entity=campaign&entityId=${w.launched.id}`),
  },
  'GET /api/v1/admin/audit.csv': {
    call: (w) => get(`/api/v1/admin/audit.csv?entity=campaign&entityId=${w.launched.id}`),
  },
  'PATCH /api/v1/admin/banking-details/[id]': {
    call: (w) => json('PATCH', `/api/v1/admin/banking-details/${w.bankingDetailId}`, { accepted: true }),
  },
  'GET /api/v1/admin/banner': { call: () => get('/api/v1/admin/banner') },
  'PUT /api/v1/admin/banner': {
    call: () => json('PUT', '/api/v1/admin/banner', { message: '', isVisible: false }),
  },
  'POST /api/v1/admin/banner/preview': {
    call: () => json('POST', '/api/v1/admin/banner/preview', { message: '<b>Hello</b>' }),
  },
  'PATCH /api/v1/admin/campaigns/[id]': {
    call: (w) => json('PATCH', `/api/v1/admin/campaigns/${w.launched.id}`, { featured: false }),
  },
  'PATCH /api/v1/admin/campaigns/[id]/organisation': {
    call: (w) =>
      json('PATCH', `/api/v1/admin/campaigns/${w.closableId}/organisation`, {
        organisation: w.organisationId,
        reason: 'The owner asked us to move it to the organisation it was raised for.',
      }),
  },
  'PATCH /api/v1/admin/campaigns/[id]/verification': {
    call: (w) => json('PATCH', `/api/v1/admin/campaigns/${w.launched.id}/verification`, { accepted: true }),
  },
  'GET /api/v1/admin/close-reasons': { call: () => get('/api/v1/admin/close-reasons') },
  'GET /api/v1/admin/documents/[id]': { call: () => get(`/api/v1/admin/documents/${NO_UUID}`) },
  'POST /api/v1/admin/close-reasons': {
    call: () => json('POST', '/api/v1/admin/close-reasons', { name: '' }),
  },
  'PATCH /api/v1/admin/close-reasons/[id]': {
    call: () => json('PATCH', '/api/v1/admin/close-reasons/1', { name: '' }),
  },
  'GET /api/v1/admin/events': { call: () => get('/api/v1/admin/events') },
  'POST /api/v1/admin/events': { call: () => json('POST', '/api/v1/admin/events', { name: '' }) },
  'PATCH /api/v1/admin/events/[id]': {
    call: (w) => json('PATCH', `/api/v1/admin/events/${w.eventId}`, { name: '' }),
  },
  'GET /api/v1/admin/mail': { call: () => get('/api/v1/admin/mail') },
  // A delivered mail: the admin passes the gate and hears 409 (only a dead letter is sent again).
  'POST /api/v1/admin/mail/[id]/resend': {
    call: (w) => json('POST', `/api/v1/admin/mail/${w.deliveredMailId}/resend`, {}),
  },
  'PATCH /api/v1/admin/organizations/[id]/verification': {
    call: (w) =>
      json('PATCH', `/api/v1/admin/organizations/${w.organisationId}/verification`, { accepted: true }),
  },
  'PATCH /api/v1/admin/payouts/[id]': {
    call: (w) => json('PATCH', `/api/v1/admin/payouts/${w.payoutId}`, { status: 1 }),
  },
  'GET /api/v1/admin/queues': { call: () => get('/api/v1/admin/queues') },
  'GET /api/v1/admin/queues/[queue]': { call: () => get('/api/v1/admin/queues/payouts') },
  'GET /api/v1/admin/queues/[queue]/[id]': { call: (w) => get(`/api/v1/admin/queues/payouts/${w.payoutId}`) },
  'GET /api/v1/admin/search': { call: () => get(`/api/v1/admin/search?q=${NO_UUID}&kind=users`) },
};

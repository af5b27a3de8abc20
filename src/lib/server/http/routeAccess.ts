/**
 * Who may call each API route: the one declaration the access middleware (middleware/accessRules.ts)
 * enforces before a handler runs, and that tests/unit/http/routeInventory.test.ts holds against the
 * route files in src/pages/api. A route missing here is refused, never run.
 *
 * - `public`: anyone; a public route that changes something says what protects it instead.
 * - `signed-in`: a valid access token; the route acts on the caller's own data only.
 * - `owner`: a valid access token, and the service checks a role on the resource (campaign owner
 *   or team member, organisation Owner / Admin / Editor, the donor, the user themself, or an admin).
 * - `admin`: a platform admin, checked against the database (requireAdmin).
 */
export type AccessLevel = 'public' | 'signed-in' | 'owner' | 'admin';

export interface AccessRule {
  access: AccessLevel;
  /** For a public route that changes something: what protects it instead of a sign-in. */
  reason?: string;
}

const PUBLIC: AccessRule = { access: 'public' };
const SIGNED_IN: AccessRule = { access: 'signed-in' };
const OWNER: AccessRule = { access: 'owner' };
const ADMIN: AccessRule = { access: 'admin' };
const publicBecause = (reason: string): AccessRule => ({ access: 'public', reason });

/** Keyed like tests/support/apiRoutes.ts `routeKey()`: `METHOD /api/v1/pattern`. */
export const ROUTE_ACCESS: Readonly<Record<string, AccessRule>> = {
  // Any path no endpoint claims: its JSON 404.
  'ALL /api/v1/[...path]': PUBLIC,
  'GET /api/v1/health': PUBLIC,
  'GET /api/v1/ready': PUBLIC,

  // Lookups and public listings.
  'GET /api/v1/account-types': PUBLIC,
  'GET /api/v1/banner': PUBLIC,
  'GET /api/v1/currencies': PUBLIC,
  'GET /api/v1/events': PUBLIC,
  'GET /api/v1/paysoft/banks': PUBLIC,
  'GET /api/v1/captcha/challenge': PUBLIC,
  'GET /api/v1/campaigns/categories': PUBLIC,
  'GET /api/v1/campaigns/sub-categories': PUBLIC,
  'GET /api/v1/campaigns/close-reasons': PUBLIC,
  'GET /api/v1/campaigns/filter-campaigns': PUBLIC,
  // A draft or hidden campaign's page, updates and donations only for who may change it (the service).
  'GET /api/v1/campaigns/short/[identifier]': PUBLIC,
  'GET /api/v1/campaigns/campaign-updates/[id]': PUBLIC,
  'GET /api/v1/campaigns/campaign-updates/list/[identifier]': PUBLIC,
  'GET /api/v1/donations/list/campaign/[identifier]': PUBLIC,
  'GET /api/v1/donations/list/campaign/top/[identifier]': PUBLIC,
  'GET /api/v1/organizations/filter-organizations': PUBLIC,
  'GET /api/v1/organizations/list': PUBLIC,
  'GET /api/v1/organizations/position': PUBLIC,
  'GET /api/v1/organizations/sector': PUBLIC,
  'GET /api/v1/organizations/type': PUBLIC,
  'GET /api/v1/organizations/short/[identifier]': PUBLIC,
  // Champions' emails only for the organisation's Owners and Admins (the service).
  'GET /api/v1/organisations/users/champions/[organizationId]': PUBLIC,

  // Signing in and out: the credentials or the mailed token are the proof.
  'POST /api/v1/authentication/register': publicBecause(
    'creates an unconfirmed account for the address given; rate-limited per address',
  ),
  'POST /api/v1/authentication/login': publicBecause(
    'the password; rate-limited per address and per account',
  ),
  'POST /api/v1/authentication/refresh': publicBecause(
    'the refresh token in the body (rotated, reuse revokes)',
  ),
  'POST /api/v1/authentication/logout': publicBecause('revokes only the refresh token it is given'),
  'POST /api/v1/authentication/forgot-password': publicBecause(
    'only mails the account its own reset link; rate-limited, same answer whether the account exists',
  ),
  'POST /api/v1/authentication/verification-email': publicBecause(
    'only mails the account its own link; rate-limited, same answer whether the account exists',
  ),
  'POST /api/v1/authentication/reset-password': publicBecause('the single-use reset token from the mail'),
  'POST /api/v1/authentication/set-password': publicBecause('the single-use invitation token from the mail'),
  'PATCH /api/v1/authentication/verify-user': publicBecause(
    'the single-use verification token from the mail',
  ),

  // Donations: a visitor may give; the donation's own token is the donor's key.
  'POST /api/v1/donations': publicBecause(
    'the captcha; the donation stays pending until the gateway pays it',
  ),
  'POST /api/v1/reports': publicBecause(
    'the captcha for a visitor, and rate limits per address and per reported campaign or organisation',
  ),
  'POST /api/v1/donationsscheduler': publicBecause(
    'the captcha for a visitor; the schedule stays pending until the gateway confirms it',
  ),
  'GET /api/v1/donations/list/[id]': publicBecause(
    "the donation's signed token in the path; by id only for its donor, the campaign's team or an admin",
  ),
  'PATCH /api/v1/donations/[id]': publicBecause("the donation's signed token in the path (the donor's key)"),
  'GET /api/v1/donationsscheduler/[id]': publicBecause(
    "the schedule's signed token in the path; by id only for its signed-in donor",
  ),
  'PATCH /api/v1/donationsscheduler/[id]': publicBecause(
    "the schedule's signed token in the path; by id only for its signed-in donor",
  ),
  'GET /api/v1/donationsscheduler/[id]/charges': publicBecause(
    "the schedule's signed token in the path; by id only for its signed-in donor",
  ),
  // Section 18A receipts: asked for from /thanks (the token) or My Donations (signed in).
  'GET /api/v1/donations/[id]/receipt': publicBecause(
    "the donation's signed token in the path; by id only for its signed-in donor",
  ),
  'POST /api/v1/donations/[id]/receipt': publicBecause(
    "the donation's signed token in the path; by id only for its signed-in donor",
  ),
  // Refund requests: the same rule (docs/api/refunds.md).
  'GET /api/v1/donations/[id]/refund-request': publicBecause(
    "the donation's signed token in the path; by id only for its signed-in donor",
  ),
  'POST /api/v1/donations/[id]/refund-request': publicBecause(
    "the donation's signed token in the path; by id only for its signed-in donor",
  ),

  // Gateways call these server to server.
  'POST /api/v1/payments/payfast/notify': publicBecause(
    'PayFast ITN: signature, source address, amount and server-to-server validation',
  ),
  'POST /api/v1/payments/ozow/notify': publicBecause(
    'Ozow notification: SHA-512 hash check with the private key',
  ),
  'POST /api/v1/payments/snapscan/webhook': publicBecause(
    "SnapScan webhook: HMAC-SHA256 signature with the webhook auth key, then SnapScan's Payments API",
  ),
  'POST /api/v1/payments/paysoft/callback': publicBecause(
    "Paysoft results callback: only its batch id is read; results are read back from Paysoft's API with our key",
  ),
  'POST /api/v1/payments/paypal/webhook': publicBecause(
    "PayPal webhook: verified with PayPal's signature check",
  ),
  'GET /api/v1/payments/paypal/return': publicBecause(
    "PayPal's order id; the capture is made and booked only as PayPal reports it, server to server",
  ),

  // The caller's own things.
  'POST /api/v1/campaigns': SIGNED_IN,
  'GET /api/v1/campaigns/user-campaigns': SIGNED_IN,
  'POST /api/v1/donations/logged-in': SIGNED_IN,
  'GET /api/v1/donations/user/once-off': SIGNED_IN,
  'GET /api/v1/donations/user/recurring': SIGNED_IN,
  'GET /api/v1/organizations': SIGNED_IN,
  'GET /api/v1/organizations/mine': SIGNED_IN,
  'POST /api/v1/organizations': SIGNED_IN,
  'PATCH /api/v1/users': SIGNED_IN,
  'GET /api/v1/users/owner-mail': SIGNED_IN,
  'GET /api/v1/users/yearly-certificates': SIGNED_IN,
  // Its donor or the organisation's Owners and Admins: the service decides, knowing the certificate.
  'GET /api/v1/yearly-certificates/[id]/pdf': SIGNED_IN,
  'PUT /api/v1/users/owner-mail': SIGNED_IN,
  // The invitee answers with the mailed token.
  'POST /api/v1/team-members': SIGNED_IN,
  // Names and the role of a pending invitation only; the mailed token is the proof.
  'GET /api/v1/team-members/invitation': PUBLIC,

  // A role on the resource, checked by the service.
  'GET /api/v1/campaigns/[id]': OWNER,
  'PATCH /api/v1/campaigns/[id]': OWNER,
  'PATCH /api/v1/campaigns/[id]/close': OWNER,
  'PATCH /api/v1/campaigns/[id]/launch': OWNER,
  'PATCH /api/v1/campaigns/[id]/verification': OWNER,
  'GET /api/v1/campaigns/[id]/funding': OWNER,
  'GET /api/v1/campaigns/[id]/insights': OWNER,
  'GET /api/v1/campaigns/funding/[id]': OWNER,
  // Who gave: the owner, team and organisation's Owners and Admins (never the donors' addresses).
  'GET /api/v1/campaigns/[id]/donations': OWNER,
  'GET /api/v1/campaigns/[id]/donations.csv': OWNER,
  'POST /api/v1/campaigns/[id]/donations/thank': OWNER,
  'POST /api/v1/campaigns/campaign-updates': OWNER,
  'GET /api/v1/organizations/[id]': OWNER,
  'PATCH /api/v1/organizations/[id]': OWNER,
  'GET /api/v1/organizations/[id]/funding': OWNER,
  'GET /api/v1/organizations/[id]/insights': OWNER,
  'PATCH /api/v1/organizations/[id]/verification': OWNER,
  'PATCH /api/v1/team-members': OWNER,
  'POST /api/v1/payouts': OWNER,
  'POST /api/v1/payouts/bluetick-payout': OWNER,
  'GET /api/v1/payouts/list/[id]': OWNER,
  'GET /api/v1/users/[userId]': OWNER,
  'DELETE /api/v1/users/[userId]': OWNER,
  'GET /api/v1/users/[userId]/export': OWNER,
  'GET /api/v1/organizations/[id]/receipts': OWNER,
  'GET /api/v1/organizations/[id]/receipts/export': OWNER,
  'GET /api/v1/organizations/[id]/yearly-certificates': OWNER,
  'POST /api/v1/organizations/[id]/yearly-certificates': OWNER,
  'GET /api/v1/organizations/[id]/yearly-certificates/export': OWNER,
  'GET /api/v1/organizations/[id]/donations': OWNER,
  'GET /api/v1/organizations/[id]/donations.csv': OWNER,
  'PATCH /api/v1/users/[userId]/image': OWNER,

  // The back office.
  'POST /api/v1/donations/[id]/eft-received': ADMIN,
  'GET /api/v1/admin/audit': ADMIN,
  'GET /api/v1/admin/audit.csv': ADMIN,
  'PATCH /api/v1/admin/banking-details/[id]': ADMIN,
  'GET /api/v1/admin/banner': ADMIN,
  'PUT /api/v1/admin/banner': ADMIN,
  'POST /api/v1/admin/banner/preview': ADMIN,
  'PATCH /api/v1/admin/campaigns/[id]': ADMIN,
  'PATCH /api/v1/admin/campaigns/[id]/verification': ADMIN,
  'PATCH /api/v1/admin/campaigns/[id]/organisation': ADMIN,
  'POST /api/v1/admin/campaigns/[id]/refund-all': ADMIN,
  'GET /api/v1/admin/campaigns/[id]/refunds': ADMIN,
  'GET /api/v1/admin/close-reasons': ADMIN,
  'GET /api/v1/admin/documents/[id]': ADMIN,
  'POST /api/v1/admin/close-reasons': ADMIN,
  'PATCH /api/v1/admin/close-reasons/[id]': ADMIN,
  'PATCH /api/v1/admin/donations/[id]/eft-received': ADMIN,
  'POST /api/v1/admin/donations/[id]/refund': ADMIN,
  'POST /api/v1/admin/donations/[id]/chargeback': ADMIN,
  'POST /api/v1/admin/refunds/[id]/reverse': ADMIN,
  'GET /api/v1/admin/events': ADMIN,
  'POST /api/v1/admin/events': ADMIN,
  'PATCH /api/v1/admin/events/[id]': ADMIN,
  'GET /api/v1/admin/mail': ADMIN,
  'POST /api/v1/admin/mail/[id]/resend': ADMIN,
  'PATCH /api/v1/admin/organizations/[id]/verification': ADMIN,
  'PATCH /api/v1/admin/payouts/[id]': ADMIN,
  'GET /api/v1/admin/queues': ADMIN,
  'GET /api/v1/admin/queues/[queue]': ADMIN,
  'GET /api/v1/admin/queues/[queue]/[id]': ADMIN,
  'GET /api/v1/admin/search': ADMIN,
  'GET /api/v1/admin/reports': ADMIN,
  'GET /api/v1/admin/refund-requests': ADMIN,
  'PATCH /api/v1/admin/refund-requests/[id]': ADMIN,
  'PATCH /api/v1/admin/reports/[kind]/[id]': ADMIN,
  'POST /api/v1/admin/reports/[kind]/[id]/ask-owner': ADMIN,
};

/**
 * The rule for a request to the route Astro matched (`ctx.routePattern`), or null when none is
 * declared. HEAD is answered by a route's GET; a route exporting ALL answers every method.
 */
export function accessRuleFor(method: string, routePattern: string): AccessRule | null {
  const asDeclared = method === 'HEAD' ? 'GET' : method;
  return ROUTE_ACCESS[`${asDeclared} ${routePattern}`] ?? ROUTE_ACCESS[`ALL ${routePattern}`] ?? null;
}

/** Whether any method of this route is declared: a method the route does not export is just not there. */
export function isDeclaredRoute(routePattern: string): boolean {
  return Object.keys(ROUTE_ACCESS).some((key) => key.slice(key.indexOf(' ') + 1) === routePattern);
}

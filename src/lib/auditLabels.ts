import type { AuditChange, AuditNote } from '~/lib/contracts/admin';
import { formatSastDateTime } from './dates';
import {
  AccountType,
  BankingIdType,
  BankingRequestStatus,
  Currency,
  campaignStatusLabel,
  DonationStatus,
  FundingType,
  OrgUserRole,
  PayoutStatus,
  PlatformRole,
} from './enums';
import { formatMoney, fromCents } from './money';

/**
 * The audit log in words (docs/api/admin.md, "Audit log"): action and entity labels,
 * each changed field as 'Field: old → new' with statuses as their SPEC §3 names and
 * ids as the names the server looked up. Unknown actions and fields still read as
 * words (a humanised key, the raw value). Pure: the server labels, the CSV repeats it.
 */

/** The kinds of thing an id in the log may name; the server looks their names up. */
export type AuditNameKind =
  | 'user'
  | 'campaign'
  | 'organisation'
  | 'payout'
  | 'bankingDetails'
  | 'donation'
  | 'event'
  | 'closeReason'
  | 'teamMember'
  | 'campaignUpdate';

/** Names by kind, then by id (as text). */
export type AuditNames = Partial<Record<AuditNameKind, Readonly<Record<string, string>>>>;

/** The raw entry as the table keeps it. */
export interface RawAuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown>;
}

/** Which kind of name an entity's id is. */
const ENTITY_NAME_KINDS: Readonly<Record<string, AuditNameKind>> = {
  user: 'user',
  campaign: 'campaign',
  organisation: 'organisation',
  payout: 'payout',
  'banking-details': 'bankingDetails',
  donation: 'donation',
  event: 'event',
  'close-reason': 'closeReason',
  team_member: 'teamMember',
  campaign_update: 'campaignUpdate',
};

/** Fields whose value is the id of a thing with a name. */
const ID_FIELD_KINDS: Readonly<Record<string, AuditNameKind>> = {
  organisationId: 'organisation',
  campaignId: 'campaign',
  userId: 'user',
  ownerId: 'user',
  closeReasonId: 'closeReason',
  eventId: 'event',
  bankingDetailId: 'bankingDetails',
  payoutId: 'payout',
  donationId: 'donation',
};

/** The kinds of thing, as the filter and the log name them. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  campaign: 'Campaign',
  organisation: 'Organisation',
  'banking-details': 'Banking details',
  payout: 'Payout',
  donation: 'Donation',
  banner: 'Banner',
  event: 'Event',
  'close-reason': 'Close reason',
  user: 'User',
  team_member: 'Team member',
  campaign_update: 'Campaign update',
  report: 'Report',
  'refund-request': 'Refund request',
  mail: 'Mail',
};

/** The actions the log knows, in words. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'admin-campaign-verification-accept': 'Accepted the campaign’s verification',
  'admin-campaign-verification-reject': 'Rejected the campaign’s verification',
  'admin-organisation-verification-accept': 'Accepted the organisation’s verification',
  'admin-organisation-verification-reject': 'Rejected the organisation’s verification',
  'admin-banking-details-accept': 'Accepted the banking details',
  'admin-banking-details-reject': 'Rejected the banking details',
  'admin-payout-accepted': 'Accepted the payout',
  'admin-payout-declined': 'Declined the payout',
  'admin-payout-paid': 'Marked the payout paid',
  'admin-eft-received': 'Marked the EFT donation received',
  'snapscan-poster-payment-unbooked': 'Received a SnapScan poster payment it could not book',
  'admin-banner': 'Changed the banner',
  'admin-event-create': 'Added an event',
  'admin-event-update': 'Changed an event',
  'admin-close-reason-create': 'Added a close reason',
  'admin-close-reason-update': 'Renamed a close reason',
  'admin-campaign-update': 'Changed the campaign',
  'admin-create': 'Made an admin',
  'campaign-move': 'Moved the campaign',
  'payout-request': 'Requested a payout',
  'campaign-create': 'Created the campaign',
  'campaign-update': 'Edited the campaign',
  'campaign-launch': 'Launched the campaign',
  'campaign-close': 'Closed the campaign',
  'campaign-verification': 'Submitted the campaign for verification',
  'campaign-update-post': 'Posted a campaign update',
  'organisation-register': 'Registered the organisation',
  'organisation-update': 'Edited the organisation',
  'organisation-verification': 'Submitted the organisation for verification',
  'team-member-add': 'Invited a team member',
  'team-member-update': 'Changed a team member',
  'team-member-remove': 'Removed a team member',
  register: 'Signed up',
  login: 'Logged in',
  'login-failed': 'Failed to log in',
  'password-reset': 'Reset their password',
  'password-set': 'Set their password',
  'account-deleted': 'Deleted their account',
  'refund-donation': 'Refunded the donation',
  'refund-all-donations': 'Refunded every donation of the campaign',
  'record-chargeback': 'Recorded a chargeback',
  'reverse-chargeback': 'Reversed a chargeback (the dispute was won)',
  'paypal-dispute': 'PayPal reported a dispute',
  'admin-campaign-pause': 'Paused or resumed the campaign’s donations',
  'admin-campaign-hold': 'Held or released the campaign’s payouts',
  'report-create': 'Reported a campaign or an organisation',
  'admin-reports-dismiss': 'Dismissed the reports',
  'admin-reports-ask-owner': 'Asked the owner for information',
  'admin-reports-handled': 'Marked the reports handled',
  'refund-request': 'Asked for a refund',
  'admin-refund-request-decline': 'Declined the refund request',
  'admin-mail-resend': 'Sent a dead letter again',
};

/** 'declineReason', 'team_member', 'admin-foo-bar' → 'Decline reason', 'Team member', 'Foo bar'. */
export function humanise(key: string): string {
  const words = key
    .replace(/^admin-/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? humanise(action);
export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? humanise(entity);

const NOTHING = '—';

const PAYOUT_STATUS: Readonly<Record<number, string>> = {
  [PayoutStatus.Pending]: 'Pending',
  [PayoutStatus.Accepted]: 'Accepted',
  [PayoutStatus.Declined]: 'Declined',
  [PayoutStatus.Paid]: 'Paid',
};
const REVIEW_STATUS: Readonly<Record<number, string>> = {
  [BankingRequestStatus.Pending]: 'Pending',
  [BankingRequestStatus.Accepted]: 'Accepted',
  [BankingRequestStatus.Rejected]: 'Rejected',
};
const DONATION_STATUS: Readonly<Record<number, string>> = {
  [DonationStatus.Pending]: 'Pending',
  [DonationStatus.Accepted]: 'Accepted',
  [DonationStatus.Rejected]: 'Rejected',
  [DonationStatus.CanceledAtTransaction]: 'Cancelled at payment',
  [DonationStatus.CanceledAtManage]: 'Cancelled by the donor',
  [DonationStatus.PendingSettlement]: 'Pending settlement',
  [DonationStatus.Pledged]: 'Pledged',
};
const FUNDING_TYPE: Readonly<Record<number, string>> = {
  [FundingType.Standard]: 'Standard',
  [FundingType.Bluetick]: 'Bluetick',
};
const CURRENCY: Readonly<Record<number, string>> = {
  [Currency.Rand]: 'Rand (ZAR)',
  [Currency.Dollar]: 'US dollar (USD)',
};
const ROLE: Readonly<Record<string, string>> = { [PlatformRole.User]: 'User', [PlatformRole.Admin]: 'Admin' };
const ORG_ROLE: Readonly<Record<number, string>> = {
  [OrgUserRole.Owner]: 'Owner',
  [OrgUserRole.Admin]: 'Admin',
  [OrgUserRole.Editor]: 'Editor',
  [OrgUserRole.Champion]: 'Champion',
};
const ID_TYPE: Readonly<Record<number, string>> = {
  [BankingIdType.BlueTick]: 'Bluetick',
  [BankingIdType.SAIdNumber]: 'SA ID number',
  [BankingIdType.PassportNumber]: 'Passport number',
  [BankingIdType.OrganizationRegistrationNumber]: 'Organisation registration number',
  [BankingIdType.TrustNumber]: 'Trust number',
};
const ACCOUNT_TYPE: Readonly<Record<number, string>> = {
  [AccountType.Savings]: 'Savings',
  [AccountType.Cheque]: 'Cheque',
  [AccountType.Business]: 'Business',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Any value as words: Yes/No, '—' for nothing, lists joined, dates in South African time. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? formatSastDateTime(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(plainValue).join(', ') : NOTHING;
  return JSON.stringify(value);
}

interface ValueContext {
  entity: string;
  names: AuditNames;
  /** The object the value sits in (a payout's currency beside its amount). */
  record: Record<string, unknown>;
}

type ValueLabel = (value: unknown, context: ValueContext) => string;

const fromTable =
  (table: Readonly<Record<string | number, string>>): ValueLabel =>
  (value) =>
    (typeof value === 'number' || typeof value === 'string' ? table[value] : undefined) ?? plainValue(value);

const statusOf: ValueLabel = (value, context) => {
  if (typeof value !== 'number') return plainValue(value);
  if (context.entity === 'payout') return PAYOUT_STATUS[value] ?? String(value);
  if (context.entity === 'donation') return DONATION_STATUS[value] ?? String(value);
  if (context.entity === 'campaign') return campaignStatusLabel(value);
  if (context.entity === 'banking-details') return REVIEW_STATUS[value] ?? String(value);
  return String(value);
};

const centsOf: ValueLabel = (value, { record }) =>
  typeof value === 'number'
    ? formatMoney(fromCents(value), typeof record.currencyId === 'number' ? record.currencyId : Currency.Rand)
    : plainValue(value);

const randsOf: ValueLabel = (value) =>
  typeof value === 'number' ? formatMoney(value, Currency.Rand) : plainValue(value);

const nameOf =
  (kind: AuditNameKind, none = 'None'): ValueLabel =>
  (value, { names }) => {
    if (value === null || value === undefined || value === '') return none;
    const id = String(value);
    return names[kind]?.[id] ?? id;
  };

const fieldNames = (value: unknown): string =>
  Array.isArray(value) ? [...new Set(value.map(String))].map(humanise).join(', ') : plainValue(value);

/** Field labels and how their values read; any other field is humanised. */
const FIELDS: Readonly<Record<string, { label: string; value?: ValueLabel }>> = {
  status: { label: 'Status', value: statusOf },
  requestStatus: { label: 'Status', value: fromTable(REVIEW_STATUS) },
  inviteStatus: { label: 'Invitation', value: fromTable(REVIEW_STATUS) },
  isVerified: { label: 'Verified' },
  verificationRejectionReason: { label: 'Rejection reason' },
  rejectionReason: { label: 'Rejection reason' },
  declineReason: { label: 'Decline reason' },
  bankReference: { label: 'Bank reference' },
  bankingDetail: { label: 'Banking details' },
  fundingType: { label: 'Funding type', value: fromTable(FUNDING_TYPE) },
  organisationId: { label: 'Organisation', value: nameOf('organisation', 'None (independent)') },
  campaignId: { label: 'Campaign', value: nameOf('campaign') },
  userId: { label: 'Person', value: nameOf('user') },
  ownerId: { label: 'Owner', value: nameOf('user') },
  closeReasonId: { label: 'Close reason', value: nameOf('closeReason') },
  eventId: { label: 'Event', value: nameOf('event') },
  bankingDetailId: { label: 'Banking details', value: nameOf('bankingDetails') },
  payoutId: { label: 'Payout', value: nameOf('payout') },
  donationId: { label: 'Donation', value: nameOf('donation') },
  currencyId: { label: 'Currency', value: fromTable(CURRENCY) },
  amount: { label: 'Amount', value: centsOf },
  amountReceived: { label: 'Amount received', value: randsOf },
  payoutOption: { label: 'Payout option' },
  role: { label: 'Role', value: fromTable(ROLE) },
  userRole: { label: 'Role', value: fromTable(ORG_ROLE) },
  idType: { label: 'ID type', value: fromTable(ID_TYPE) },
  accountType: { label: 'Account type', value: fromTable(ACCOUNT_TYPE) },
  isVisible: { label: 'Visible' },
  isActive: { label: 'Active' },
  hidden: { label: 'Hidden' },
  featured: { label: 'Featured' },
  published: { label: 'Launched' },
  ownerName: { label: 'Owner' },
  ownerEmail: { label: 'Owner’s email' },
  url: { label: 'Address' },
  fields: { label: 'Fields changed', value: fieldNames },
  address: { label: 'IP address' },
  reason: { label: 'Reason' },
  note: { label: 'Note' },
};

/** A nested object's fields belong to another kind of thing (a payout's banking details). */
const NESTED_ENTITY: Readonly<Record<string, string>> = { bankingDetail: 'banking-details' };

/** Fields that say nothing a reader needs: ids of the thing itself, timestamps of the row. */
const HIDDEN_FIELDS = new Set(['id', 'createdAt', 'updatedAt']);

const fieldLabel = (key: string): string => FIELDS[key]?.label ?? humanise(key);

function valueLabel(key: string, value: unknown, context: ValueContext): string {
  const rule = FIELDS[key]?.value;
  return rule ? rule(value, context) : plainValue(value);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed, one line per field: only the fields whose values differ when both sides
 * are objects, every field of the side that exists when the other is empty (a creation),
 * nested objects as 'Banking details status: Pending → Accepted'.
 */
export function auditChanges(
  entity: string,
  before: unknown,
  after: unknown,
  names: AuditNames = {},
  prefix = '',
): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
    if (same(before, after)) return [];
    return [{ field: prefix || 'Value', before: plainValue(before), after: plainValue(after) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter(
    (key) => !HIDDEN_FIELDS.has(key) && !same(from[key], to[key]),
  );
  return keys.flatMap((key): AuditChange[] => {
    const label = prefix ? `${prefix} ${fieldLabel(key).toLowerCase()}` : fieldLabel(key);
    if (isRecord(from[key]) || isRecord(to[key])) {
      return auditChanges(NESTED_ENTITY[key] ?? entity, from[key], to[key], names, label);
    }
    return [
      {
        field: label,
        before: key in from ? valueLabel(key, from[key], { entity, names, record: from }) : NOTHING,
        after: key in to ? valueLabel(key, to[key], { entity, names, record: to }) : NOTHING,
      },
    ];
  });
}

/** An entry's details besides its changes, in words ('Reason: …', 'Close reason: Target reached'). */
export function auditNotes(
  entity: string,
  details: Record<string, unknown>,
  names: AuditNames = {},
): AuditNote[] {
  return Object.entries(details)
    .filter(([key, value]) => key !== 'before' && key !== 'after' && value !== null && value !== undefined)
    .map(([key, value]) => ({
      label: fieldLabel(key),
      value: valueLabel(key, value, { entity, names, record: details }),
    }));
}

/** 'Status: Accepted → Paid': one change as a line of text. */
export const auditChangeLine = (change: AuditChange): string =>
  `${change.field}: ${change.before} → ${change.after}`;

/** 'Reason: Duplicate request': one note as a line of text. */
export const auditNoteLine = (note: AuditNote): string => `${note.label}: ${note.value}`;

const textOfHtml = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The thing's name: looked up by the server, or a banner's text; null when it is gone or has none. */
export function auditEntityName(entry: RawAuditEntry, names: AuditNames): string | null {
  const kind = ENTITY_NAME_KINDS[entry.entity];
  if (kind && entry.entityId) return names[kind]?.[entry.entityId] ?? null;
  if (entry.entity === 'banner') {
    const message = isRecord(entry.after) ? entry.after.message : null;
    const text = typeof message === 'string' ? textOfHtml(message) : '';
    return text ? (text.length > 60 ? `${text.slice(0, 59)}…` : text) : null;
  }
  return null;
}

/** The before and after of an entry: its own, or those a move keeps in its details. */
function sidesOf(entry: RawAuditEntry): { before: unknown; after: unknown } {
  const inDetails = entry.before == null && entry.after == null;
  return inDetails
    ? { before: entry.details.before ?? null, after: entry.details.after ?? null }
    : { before: entry.before, after: entry.after };
}

/** The entry in words: labels, the thing's name, its changes and notes. */
export function describeAuditEntry(
  entry: RawAuditEntry,
  names: AuditNames,
): {
  actionLabel: string;
  entityLabel: string;
  entityName: string | null;
  changes: AuditChange[];
  notes: AuditNote[];
} {
  const { before, after } = sidesOf(entry);
  return {
    actionLabel: auditActionLabel(entry.action),
    entityLabel: auditEntityLabel(entry.entity),
    entityName: auditEntityName(entry, names),
    changes: auditChanges(entry.entity, before, after, names),
    notes: auditNotes(entry.entity, entry.details, names),
  };
}

/** Every id the entry names (its entity, and id fields anywhere in it), by kind: what the server must look up. */
export function auditReferences(entry: RawAuditEntry): [AuditNameKind, string][] {
  const found: [AuditNameKind, string][] = [];
  const kind = ENTITY_NAME_KINDS[entry.entity];
  if (kind && entry.entityId) found.push([kind, entry.entityId]);
  const visit = (value: unknown): void => {
    if (!isRecord(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const idKind = ID_FIELD_KINDS[key];
      if (idKind && (typeof inner === 'string' || typeof inner === 'number'))
        found.push([idKind, String(inner)]);
      else visit(inner);
    }
  };
  visit(entry.before);
  visit(entry.after);
  visit(entry.details);
  return found;
}

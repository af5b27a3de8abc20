/**
 * The mails a campaign's owner gets about how it is doing (issue 26, docs/api/milestones.md), each
 * of which they may turn off: the first donation, 25/50/75/100 % of the target, and a nudge after a
 * quiet week. The profile's "Emails about my campaigns" and the mails' own links change them.
 */
export const OWNER_MAIL_KINDS = ['first', 'targets', 'quiet'] as const;
export type OwnerMailKind = (typeof OWNER_MAIL_KINDS)[number];

export const OWNER_MAIL_LABELS: Record<OwnerMailKind, string> = {
  first: 'When my campaign gets its first donation',
  targets: 'When my campaign reaches 25, 50, 75 and 100 % of its target',
  quiet: 'A nudge with a tip when no donation came in for 7 days',
};

/** Which kinds are on: all unless turned off. */
export type OwnerMailSettings = Record<OwnerMailKind, boolean>;

export const isOwnerMailKind = (value: unknown): value is OwnerMailKind =>
  (OWNER_MAIL_KINDS as readonly unknown[]).includes(value);

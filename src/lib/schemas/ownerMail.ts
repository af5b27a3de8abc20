import * as v from 'valibot';

export const OWNER_MAIL_MESSAGES = {
  flag: 'Say true or false for each email.',
  saved: 'Your email settings were saved.',
  optedOut: 'Done: we will not send you these emails any more. You can turn them on again in your profile.',
} as const;

const flag = v.boolean(OWNER_MAIL_MESSAGES.flag);

/** `PUT /users/owner-mail`: which of the mails about one's campaigns to send (docs/api/milestones.md). */
export const ownerMailSettingsSchema = v.object(
  { first: flag, targets: flag, quiet: flag },
  OWNER_MAIL_MESSAGES.flag,
);

import * as v from 'valibot';

/** The messages of account deletion (docs/api/privacy.md), shared by the profile's dialog and the endpoint. */
export const PRIVACY_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm.',
  wrongPassword: 'That password is not right. Your account was not deleted.',
  deleted: 'Your account has been deleted. Thank you for giving with Letsema.',
  tooManyAttempts: (minutes: string): string =>
    `Too many attempts. Please wait ${minutes} and try again; your account was not deleted.`,
  notYours: 'You can only download or delete your own account.',
} as const;

/** `DELETE /users/{id}`: the account's password, so a stolen access token alone cannot delete it. */
export const deleteAccountSchema = v.object({
  password: v.optional(
    v.pipe(
      v.string(PRIVACY_MESSAGES.passwordRequired),
      v.nonEmpty(PRIVACY_MESSAGES.passwordRequired),
      v.maxLength(128, PRIVACY_MESSAGES.wrongPassword),
    ),
    '',
  ),
});

export type DeleteAccountInput = v.InferOutput<typeof deleteAccountSchema>;

import * as v from 'valibot';
import { FIELD_LIMITS } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { GENERIC_MESSAGES } from './genericMessages';
import { optionalPhoneSchema } from './phone';

/**
 * The account forms' rules (docs/api/accounts.md), shared by the islands and
 * the /authentication endpoints. Messages are the contract's, word for word.
 * The common-password rule needs the server's list, so only the server applies it.
 */

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export const AUTH_MESSAGES = {
  passwordTooShort: `${GENERIC_MESSAGES.min('Password', PASSWORD_MIN)}.`,
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  invalidEmail: 'Invalid email format.',
  invalidVerifyLink: 'This verification link is invalid or has expired. Request a new one below.',
  invalidResetLink: 'This password reset link is invalid or has expired. Request a new one.',
  invalidSetPasswordLink: 'This link is invalid or has expired.',
  captchaRequired: 'Please complete the security check, then log in again.',
  sessionExpired: 'Session expired',
} as const;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

const AUTH_MESSAGE_TEXTS: Record<AuthMessageKey, () => string> = {
  passwordTooShort: () => m.auth_password_too_short({ min: PASSWORD_MIN }),
  passwordTooLong: () => m.auth_password_too_long({ max: PASSWORD_MAX }),
  passwordTooCommon: () => m.auth_password_too_common(),
  invalidEmail: () => m.auth_invalid_email(),
  invalidVerifyLink: () => m.auth_invalid_verify_link(),
  invalidResetLink: () => m.auth_invalid_reset_link(),
  invalidSetPasswordLink: () => m.auth_invalid_set_password_link(),
  captchaRequired: () => m.auth_captcha_required(),
  sessionExpired: () => m.auth_session_expired(),
};

/**
 * An AUTH_MESSAGES text in the current language (issue 27): the English one is the constant's, word
 * for word. Call it when the message is given (validation, an answer), never at module level.
 */
export const authMessage = (key: AuthMessageKey): string => AUTH_MESSAGE_TEXTS[key]();

/** `authMessage(key)` as a valibot message, worked out at validation time. */
const said = (key: AuthMessageKey) => () => authMessage(key);

/**
 * A required field: stops at its first failed rule (an empty name is
 * 'required', not also 'special characters'), and a missing key is checked as
 * '' so it gets the field's own 'required' message rather than valibot's
 * generic one about the object.
 */
const required = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.optional(v.config(schema, { abortPipeEarly: true }), '');

// Letters of any script (Zoë, Ngũgĩ), digits, spaces, hyphens and apostrophes (typed or curly).
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} '’-]+$/u;

/** A name field's messages, each in the language of the moment it is given. */
interface NameMessages {
  required: () => string;
  tooLong: () => string;
  specialCharacters: () => string;
}

/** A person's name: trimmed, required, at most 60, SPEC §5's character rule with its message. */
const nameSchema = (messages: NameMessages) =>
  required(
    v.pipe(
      v.string(messages.required),
      v.trim(),
      v.nonEmpty(messages.required),
      v.maxLength(FIELD_LIMITS.name, messages.tooLong),
      v.regex(NAME_CHARACTERS, messages.specialCharacters),
    ),
  );

export const firstNameSchema = nameSchema({
  required: () => m.auth_first_name_required(),
  tooLong: () => m.auth_first_name_too_long({ max: FIELD_LIMITS.name }),
  specialCharacters: () => m.auth_first_name_special(),
});
export const lastNameSchema = nameSchema({
  required: () => m.auth_surname_required(),
  tooLong: () => m.auth_surname_too_long({ max: FIELD_LIMITS.name }),
  specialCharacters: () => m.auth_surname_special(),
});

const emailRequired = () => m.auth_email_required();

export const emailSchema = required(
  v.pipe(
    v.string(emailRequired),
    v.trim(),
    v.nonEmpty(emailRequired),
    v.maxLength(FIELD_LIMITS.email, () => m.auth_email_too_long({ max: FIELD_LIMITS.email })),
    v.email(said('invalidEmail')),
  ),
);

const passwordRequired = () => m.auth_password_required();

/** A new password: length only here; the server also refuses common passwords. */
const newPasswordSchema = required(
  v.pipe(
    v.string(passwordRequired),
    v.nonEmpty(passwordRequired),
    v.minLength(PASSWORD_MIN, said('passwordTooShort')),
    v.maxLength(PASSWORD_MAX, said('passwordTooLong')),
  ),
);

/**
 * An optional mobile number by SPEC §5's phone rule (phone.ts). Empty means none, so the output is
 * the trimmed number or null (absent stays undefined: "unchanged").
 */
export const phoneSchema = optionalPhoneSchema;

export const registerSchema = v.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  phone: phoneSchema,
});
export type RegisterInput = v.InferOutput<typeof registerSchema>;

export const loginSchema = v.object({
  email: emailSchema,
  // No length rule beyond the ceiling: accounts may predate the policy, and the ceiling keeps hashing cheap.
  password: required(
    v.pipe(
      v.string(passwordRequired),
      v.nonEmpty(passwordRequired),
      v.maxLength(PASSWORD_MAX, said('passwordTooLong')),
    ),
  ),
  // Asked for only after repeated failures (the server answers `captcha_required`); the widget's answer.
  recaptchaToken: v.optional(
    v.pipe(v.string(said('captchaRequired')), v.maxLength(4000, said('captchaRequired'))),
  ),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

/** An emailed token as it arrives from a link: base64url, so a generous ceiling is plenty. */
const linkTokenSchema = (key: AuthMessageKey) =>
  required(v.pipe(v.string(said(key)), v.trim(), v.nonEmpty(said(key)), v.maxLength(200, said(key))));

export const verifyUserSchema = v.object({ token: linkTokenSchema('invalidVerifyLink') });

export const resendVerificationSchema = v.object({ email: emailSchema });

export const forgotPasswordSchema = v.object({ email: emailSchema });
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

export const resetPasswordSchema = v.object({
  token: linkTokenSchema('invalidResetLink'),
  password: newPasswordSchema,
});
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

export const setPasswordSchema = v.object({
  token: linkTokenSchema('invalidSetPasswordLink'),
  password: newPasswordSchema,
});
export type SetPasswordInput = v.InferOutput<typeof setPasswordSchema>;

/** Refresh and logout carry the refresh token; anything unusable is simply an expired session. */
export const refreshTokenSchema = v.object({
  refreshToken: required(
    v.pipe(
      v.string(said('sessionExpired')),
      v.nonEmpty(said('sessionExpired')),
      v.maxLength(2000, said('sessionExpired')),
    ),
  ),
});
export const logoutSchema = refreshTokenSchema;

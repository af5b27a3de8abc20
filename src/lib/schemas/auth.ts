import * as v from 'valibot';
import { FIELD_LIMITS } from '~/lib/enums';

/**
 * The account forms' rules (docs/api/accounts.md), shared by the islands and
 * the /authentication endpoints. Messages are the contract's, word for word.
 * The common-password rule needs the server's list, so only the server applies it.
 */

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

export const AUTH_MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  invalidEmail: 'Invalid email format.',
  invalidVerifyLink: 'This verification link is invalid or has expired. Request a new one below.',
  invalidResetLink: 'This password reset link is invalid or has expired. Request a new one.',
  invalidSetPasswordLink: 'This link is invalid or has expired.',
  captchaRequired: 'Please complete the security check, then log in again.',
  sessionExpired: 'Session expired',
} as const;

/**
 * A required field: stops at its first failed rule (an empty name is
 * 'required', not also 'special characters'), and a missing key is checked as
 * '' so it gets the field's own 'required' message rather than valibot's
 * generic one about the object.
 */
const required = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.optional(v.config(schema, { abortPipeEarly: true }), '');

/** Stops at a field's first failed rule. */
const firstMessageOnly = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true });

// Letters of any script (Zoë, Ngũgĩ), digits, spaces, hyphens and apostrophes (typed or curly).
const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} '’-]+$/u;

/** A person's name: trimmed, required, at most 60, SPEC §5's character rule with its message. */
const nameSchema = (label: string, specialCharactersMessage: string) =>
  required(
    v.pipe(
      v.string(`${label} is a required field`),
      v.trim(),
      v.nonEmpty(`${label} is a required field`),
      v.maxLength(FIELD_LIMITS.name, `${label} must be at most ${FIELD_LIMITS.name} characters`),
      v.regex(NAME_CHARACTERS, specialCharactersMessage),
    ),
  );

export const firstNameSchema = nameSchema(
  'First name',
  'First name should not contain any special characters',
);
export const lastNameSchema = nameSchema('Surname', 'Surname should not contain any special characters');

export const emailSchema = required(
  v.pipe(
    v.string('Email is a required field'),
    v.trim(),
    v.nonEmpty('Email is a required field'),
    v.maxLength(FIELD_LIMITS.email, `Email must be at most ${FIELD_LIMITS.email} characters`),
    v.email(AUTH_MESSAGES.invalidEmail),
  ),
);

/** A new password: length only here; the server also refuses common passwords. */
const newPasswordSchema = required(
  v.pipe(
    v.string('Password is a required field'),
    v.nonEmpty('Password is a required field'),
    v.minLength(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort),
    v.maxLength(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  ),
);

const PHONE_CHARACTERS = /^\+?[\d\s()-]+$/;

/**
 * An optional mobile number, 6 to 16 characters. Empty means none, so the
 * output is the trimmed number or null (absent stays undefined: "unchanged").
 */
export const phoneSchema = v.optional(
  firstMessageOnly(
    v.pipe(
      v.nullable(v.string('Please complete mobile number')),
      v.transform((value) => value?.trim() ?? ''),
      v.check(
        (value) =>
          value === '' || (value.length >= FIELD_LIMITS.mobileMin && value.length <= FIELD_LIMITS.mobileMax),
        'Please complete mobile number',
      ),
      v.check((value) => value === '' || PHONE_CHARACTERS.test(value), 'Please enter a valid mobile number.'),
      v.transform((value): string | null => (value === '' ? null : value)),
    ),
  ),
);

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
      v.string('Password is a required field'),
      v.nonEmpty('Password is a required field'),
      v.maxLength(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
    ),
  ),
  // Asked for only after repeated failures (the server answers `captcha_required`); the widget's answer.
  recaptchaToken: v.optional(
    v.pipe(v.string(AUTH_MESSAGES.captchaRequired), v.maxLength(4000, AUTH_MESSAGES.captchaRequired)),
  ),
});
export type LoginInput = v.InferOutput<typeof loginSchema>;

/** An emailed token as it arrives from a link: base64url, so a generous ceiling is plenty. */
const linkTokenSchema = (message: string) =>
  required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(200, message)));

export const verifyUserSchema = v.object({ token: linkTokenSchema(AUTH_MESSAGES.invalidVerifyLink) });

export const resendVerificationSchema = v.object({ email: emailSchema });

export const forgotPasswordSchema = v.object({ email: emailSchema });
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

export const resetPasswordSchema = v.object({
  token: linkTokenSchema(AUTH_MESSAGES.invalidResetLink),
  password: newPasswordSchema,
});
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

export const setPasswordSchema = v.object({
  token: linkTokenSchema(AUTH_MESSAGES.invalidSetPasswordLink),
  password: newPasswordSchema,
});
export type SetPasswordInput = v.InferOutput<typeof setPasswordSchema>;

/** Refresh and logout carry the refresh token; anything unusable is simply an expired session. */
export const refreshTokenSchema = v.object({
  refreshToken: required(
    v.pipe(
      v.string(AUTH_MESSAGES.sessionExpired),
      v.nonEmpty(AUTH_MESSAGES.sessionExpired),
      v.maxLength(2000, AUTH_MESSAGES.sessionExpired),
    ),
  ),
});
export const logoutSchema = refreshTokenSchema;

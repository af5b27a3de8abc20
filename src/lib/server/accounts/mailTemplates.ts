import { type RenderedEmail, renderEmail, SITE_NAME } from '~/lib/server/platform/mailLayout';

/** A ready message: pass it with `to` to `sendMail`. */
export interface EmailTemplate extends RenderedEmail {
  subject: string;
}

/** Who the mail greets and the one link it is about (absolute, built from PUBLIC_URL). */
export interface LinkEmailInput {
  firstName: string;
  link: string;
}

/** After registering and on "resend": the link to /auth/verify, valid 48 hours. */
export function verificationEmail({ firstName, link }: LinkEmailInput): EmailTemplate {
  return {
    subject: `Confirm your email address for ${SITE_NAME}`,
    ...renderEmail({
      preview: 'One quick step to finish setting up your account.',
      firstName,
      intro: [
        `Thank you for joining ${SITE_NAME}! Please confirm your email address so that you can start campaigns and keep track of the causes you support.`,
      ],
      action: { label: 'Confirm my email address', link },
      outro: [
        'This link works for 48 hours. If it has expired, you can ask for a new one from your profile.',
        `If you did not create a ${SITE_NAME} account, you can safely ignore this email.`,
      ],
    }),
  };
}

/** "Forgot password": the link to /auth/reset-password, valid 1 hour, once. */
export function passwordResetEmail({ firstName, link }: LinkEmailInput): EmailTemplate {
  return {
    subject: `Reset your ${SITE_NAME} password`,
    ...renderEmail({
      preview: 'Choose a new password for your account.',
      firstName,
      intro: [
        `We received a request to reset the password of your ${SITE_NAME} account. Choose a new password with the button below.`,
      ],
      action: { label: 'Reset my password', link },
      outro: [
        'This link works for 1 hour and only once. If it has expired, you can ask for a new one on the login page.',
        'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
      ],
    }),
  };
}

/** An account made for someone else (an invitation): the link to /auth/set-password, valid 7 days, once. */
export function setPasswordEmail({ firstName, link }: LinkEmailInput): EmailTemplate {
  return {
    subject: `Set your password for ${SITE_NAME}`,
    ...renderEmail({
      preview: 'Your account is ready: choose a password to sign in.',
      firstName,
      intro: [
        `A ${SITE_NAME} account has been created for you with this email address. Choose a password to sign in and get started.`,
      ],
      action: { label: 'Set my password', link },
      outro: [
        'This link works for 7 days and only once. Setting your password also confirms your email address.',
        'If you were not expecting this email, you can ignore it and no password will be set.',
      ],
    }),
  };
}

/** Once the email address is confirmed: a warm hello and a link into the site. */
export function welcomeEmail({ firstName, link }: LinkEmailInput): EmailTemplate {
  return {
    subject: `Welcome to ${SITE_NAME}`,
    ...renderEmail({
      preview: 'Your account is ready. Let us work together.',
      firstName,
      intro: [
        `Welcome to ${SITE_NAME}! Your email address is confirmed and your account is ready.`,
        'Letsema is the Sesotho word for neighbours coming together to work the fields. Here, South Africans come together to fund the people and causes that matter to them: start a campaign of your own, or find one to support.',
      ],
      action: { label: `Go to ${SITE_NAME}`, link },
      outro: ['We are glad to have you with us.'],
    }),
  };
}

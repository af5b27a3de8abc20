import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import * as v from 'valibot';
import { FormNotice } from '~/islands/form/FormNotice';
import { PasswordField } from '~/islands/form/PasswordField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { passwordFailureMessage } from '~/lib/api/errors';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { AUTH_MESSAGES, PASSWORD_MIN, resetPasswordSchema, setPasswordSchema } from '~/lib/schemas/auth';
import { resetPassword, setPassword } from '~/stores/auth';

interface Props {
  /** reset: the forgot-password link; set: an invitation to choose a first password. */
  kind: 'reset' | 'set';
  /** The link's `?token=`; null when the link had none. */
  token: string | null;
}

type PasswordValues = { password: string };

export const PASSWORD_CHANGED_MESSAGE = 'Success! You can login with your new password.';

// The token comes from the link, not the form: only the password is validated here.
const passwordOnly = {
  reset: valiForm<PasswordValues>(v.pick(resetPasswordSchema, ['password'])),
  set: valiForm<PasswordValues>(v.pick(setPasswordSchema, ['password'])),
};
const invalidLink = { reset: AUTH_MESSAGES.invalidResetLink, set: AUTH_MESSAGES.invalidSetPasswordLink };

function NewPasswordFormContent({ kind, token }: Props): ReactElement {
  const [form, { Form }] = useForm<PasswordValues>({
    initialValues: { password: '' },
    validate: passwordOnly[kind],
  });
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  if (!token) {
    return (
      <div className="space-y-4">
        <FormNotice tone="error">{invalidLink[kind]}</FormNotice>
        <a href="/auth/forgot-password" className="btn-primary w-full">
          Request a new link
        </a>
      </div>
    );
  }

  if (outcome?.ok) {
    return (
      <div className="space-y-4">
        <FormNotice tone="success">{PASSWORD_CHANGED_MESSAGE}</FormNotice>
        <a href="/auth/login" className="btn-primary w-full">
          Go to login
        </a>
      </div>
    );
  }

  const onSubmit = async ({ password }: PasswordValues): Promise<void> => {
    const send = kind === 'reset' ? resetPassword : setPassword;
    const result = await send({ token, password });
    setOutcome(
      result.ok
        ? { ok: true, message: PASSWORD_CHANGED_MESSAGE }
        : { ok: false, message: passwordFailureMessage(failureBodyOf(result.error), kind) },
    );
  };

  return (
    <Form
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label={kind === 'reset' ? 'Reset your password' : 'Set your password'}
    >
      {outcome ? (
        <FormNotice tone="error">
          <p>{outcome.message}</p>
          <p className="mt-1">
            <a href="/auth/forgot-password" className="font-semibold underline">
              Request a new link
            </a>
          </p>
        </FormNotice>
      ) : null}
      <PasswordField
        of={form}
        label="New password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters. Avoid common passwords.`}
      />
      <SubmitButton form={form} busyLabel="Saving…">
        {kind === 'reset' ? 'Reset password' : 'Set password'}
      </SubmitButton>
    </Form>
  );
}

/** The reset-password and set-password pages' form (SPEC §4 reset-status flag, §8 failure messages). */
export default function NewPasswordForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <NewPasswordFormContent {...props} />
    </IslandErrorBoundary>
  );
}

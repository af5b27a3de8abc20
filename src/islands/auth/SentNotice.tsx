import type { ReactElement } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { withParts } from './withParts';

/** A mail was sent: what happened, and the address it went to (in bold, wherever the language puts it). */
export function SentNotice({
  title,
  message,
  email,
}: {
  title: string;
  /** The sentence naming the address: `m.auth_reset_sent_to`. */
  message: (params: Record<'email', string>) => string;
  email: string;
}): ReactElement {
  return (
    <FormNotice tone="success">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">
        {withParts(message, {
          email: (
            <strong className="break-all" data-user-content>
              {email}
            </strong>
          ),
        })}
      </p>
    </FormNotice>
  );
}

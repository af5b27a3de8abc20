import type { ReactElement } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { m } from '~/lib/i18n';
import { aroundSlot, SLOT } from './messageParts';
import type { HandOff } from './paymentRedirect';

export const HAND_OFF_FAILED = 'The payment page did not open.';

/**
 * The gateway's form was not sent (watchHandOff): the donation is saved, so
 * the donor gets its reference and one button that posts the form again.
 */
export function HandOffError({ failed }: { failed: HandOff }): ReactElement {
  const [before, after] = aroundSlot(m.donation_handoff_failed_saved({ reference: SLOT }));
  return (
    <FormNotice tone="error">
      <p>
        {m.donation_handoff_failed()} {before}
        <strong className="font-mono">{failed.reference}</strong>
        {after}
      </p>
      <button type="button" className="btn-primary mt-3 w-full py-2.5" onClick={failed.retry}>
        {m.donation_try_again()}
      </button>
    </FormNotice>
  );
}

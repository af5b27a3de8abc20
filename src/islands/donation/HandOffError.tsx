import type { ReactElement } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import type { HandOff } from './paymentRedirect';

export const HAND_OFF_FAILED = 'The payment page did not open.';

/**
 * The gateway's form was not sent (watchHandOff): the donation is saved, so
 * the donor gets its reference and one button that posts the form again.
 */
export function HandOffError({ failed }: { failed: HandOff }): ReactElement {
  return (
    <FormNotice tone="error">
      <p>
        {HAND_OFF_FAILED} Your donation is saved with reference{' '}
        <strong className="font-mono">{failed.reference}</strong>; nothing has been paid yet.
      </p>
      <button type="button" className="btn-primary mt-3 w-full py-2.5" onClick={failed.retry}>
        Try again
      </button>
    </FormNotice>
  );
}

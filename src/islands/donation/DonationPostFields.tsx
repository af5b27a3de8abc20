import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';
import type { ReferralChannel } from '~/lib/referralChannels';
import { FORM_INPUTS } from './donationFormData';

interface Props {
  recurring: boolean;
  currencyId: number;
  /** The currency switch is on screen (its radios post the currency). */
  currencyShown: boolean;
  /** The signed render time (server: donations/form.ts). */
  stamp: string;
  referralChannel: ReferralChannel;
}

/**
 * What the form posts without JavaScript besides its inputs: the tab, the currency when there is
 * no switch, the render stamp, and a honeypot that people never see (bots fill every field).
 */
export function DonationPostFields({
  recurring,
  currencyId,
  currencyShown,
  stamp,
  referralChannel,
}: Props): ReactElement {
  return (
    <>
      <input type="hidden" name={FORM_INPUTS.kind} value={recurring ? 'monthly' : 'once-off'} />
      {currencyShown ? null : <input type="hidden" name={FORM_INPUTS.currency} value={currencyId} />}
      <input type="hidden" name={FORM_INPUTS.stamp} value={stamp} />
      <input type="hidden" name={FORM_INPUTS.referralChannel} value={referralChannel} />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="donation-website">{m.donation_honeypot()}</label>
        <input
          id="donation-website"
          type="text"
          name={FORM_INPUTS.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}

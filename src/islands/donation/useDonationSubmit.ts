import { useState } from 'react';
import { applyServerErrors } from '~/islands/form/validation';
import type { DonationRequest, RecurringDonationRequest, TransactionInfo } from '~/lib/api/donations';
import { createDonation, createRecurringDonation } from '~/stores/donation';
import {
  DONATION_FIELDS,
  type DonationChoices,
  type DonationFormValues,
  donationRequestOf,
} from './donationValues';
import { continueToPayment } from './paymentRedirect';
import { completeDonationValues, type DonationFormStore } from './useDonationValues';

const CAPTCHA_NEEDED = "Please tick 'I'm not a robot' first.";

interface Options {
  form: DonationFormStore;
  campaignId: string;
  /** The latest choices (useDonationChoices). */
  choices: { current: DonationChoices };
  signedIn: boolean;
}

interface DonationSubmit {
  onSubmit: (values: DonationFormValues) => Promise<void>;
  onCaptchaToken: (token: string | null) => void;
  captchaError: string | null;
  /** Changes when the captcha widget must start again (a checked answer is spent). */
  captchaKey: number;
  /** The server's message when no input can show it. */
  notice: string | null;
  clearNotice: () => void;
  /** On the way to the gateway's page. */
  leaving: boolean;
  /** A bank transfer was chosen: what to pay and the donation's token. */
  eft: { info: TransactionInfo; token: string } | null;
}

/** Creating the donation (once-off or monthly), then sending the donor on to pay; a guest answers the captcha first. */
export function useDonationSubmit({ form, campaignId, choices, signedIn }: Options): DonationSubmit {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [eft, setEft] = useState<{ info: TransactionInfo; token: string } | null>(null);

  const onCaptchaToken = (token: string | null): void => {
    setCaptchaToken(token);
    if (token) setCaptchaError(null);
  };

  const onSubmit = async (values: DonationFormValues): Promise<void> => {
    setNotice(null);
    if (!signedIn && !captchaToken) {
      setCaptchaError(CAPTCHA_NEEDED);
      document.getElementById('captcha-label')?.scrollIntoView({ block: 'center' });
      return;
    }
    const token = signedIn ? undefined : (captchaToken ?? undefined);
    const request = donationRequestOf(completeDonationValues(values), choices.current, campaignId, token);
    if (!request) return;
    const outcome = choices.current.recurring
      ? await createRecurringDonation(request as RecurringDonationRequest, signedIn)
      : await createDonation(request as DonationRequest, signedIn);
    if (!outcome.ok) {
      // A checked captcha answer is spent; a fresh widget solves again.
      if (!signedIn) setCaptchaKey((key) => key + 1);
      if (outcome.fieldErrors?.recaptchaToken) {
        setCaptchaError(outcome.message);
        return;
      }
      if (!applyServerErrors(form, outcome.fieldErrors, DONATION_FIELDS)) setNotice(outcome.message);
      return;
    }
    const info = outcome.data.transactionInfo;
    if (continueToPayment(info) === 'eft') setEft({ info, token: outcome.data.jwtTokenStringDonationId });
    else setLeaving(true);
  };

  return {
    onSubmit,
    onCaptchaToken,
    captchaError,
    captchaKey,
    notice,
    clearNotice: () => setNotice(null),
    leaving,
    eft,
  };
}

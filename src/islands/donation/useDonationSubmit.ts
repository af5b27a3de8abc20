import { useState } from 'react';
import { applyServerErrors } from '~/islands/form/validation';
import type { DonationRequest, RecurringDonationRequest, TransactionInfo } from '~/lib/api/donations';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { PaymentGateway } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { createDonation, createRecurringDonation } from '~/stores/donation';
import { type CaptchaHandle, captchaFailedMessage, useCaptchaProof } from './CaptchaField';
import { CaptchaNotTicked } from './captchaProof';
import {
  DONATION_FIELDS,
  type DonationChoices,
  type DonationFormValues,
  donationRequestOf,
} from './donationValues';
import type { HandOff, HandOffCallbacks } from './paymentRedirect';
import { completeDonationValues, type DonationFormStore } from './useDonationValues';

/** reCAPTCHA's box not ticked yet: "Please tick 'I'm not a robot' first." */
const captchaNeeded = (): string => m.donation_captcha_tick();

/** The payment page's code could not load (the connection dropped after the donation was made). */
const handOffUnavailable = (reference: string): string => m.donation_handoff_unavailable({ reference });

interface Options {
  form: DonationFormStore;
  campaignId: string;
  /** The latest choices (useDonationChoices). */
  choices: { current: DonationChoices };
  signedIn: boolean;
  captcha: CaptchaConfig;
}

interface DonationSubmit {
  onSubmit: (values: DonationFormValues) => Promise<void>;
  /** A visitor's captcha, worked out in the background (CaptchaField). */
  captcha: CaptchaHandle;
  captchaError: string | null;
  /** Waiting for the captcha's answer after the press ("Securing your donation…"). */
  securing: boolean;
  /** The server's message when no input can show it. */
  notice: string | null;
  clearNotice: () => void;
  /** On the way to the gateway's page. */
  leaving: boolean;
  /** The gateway's page did not open: the donation's reference and a way to post its form again. */
  handOffFailed: HandOff | null;
  /** A bank transfer was chosen: what to pay and the donation's token. */
  eft: { info: TransactionInfo; token: string } | null;
  /** A SnapScan donation just made: its code (laptop) or app link (phone), while it waits for the payment. */
  snapscan: { info: TransactionInfo; token: string } | null;
}

/**
 * Creating the donation (once-off or monthly), then sending the donor on to
 * pay, in one press: a visitor's captcha answer is worked out while they fill
 * the form in, and the press waits for it if it must.
 */
export function useDonationSubmit({
  form,
  campaignId,
  choices,
  signedIn,
  captcha: config,
}: Options): DonationSubmit {
  const captcha = useCaptchaProof(config);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [securing, setSecuring] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [handOffFailed, setHandOffFailed] = useState<HandOff | null>(null);
  const [eft, setEft] = useState<{ info: TransactionInfo; token: string } | null>(null);
  const [snapscan, setSnapscan] = useState<{ info: TransactionInfo; token: string } | null>(null);

  /** The visitor's captcha answer, waiting for it; null (with the reason shown) when there is none. */
  const captchaAnswer = async (): Promise<string | null> => {
    // Only a wait is shown: an answer that is already there goes at once.
    if (captcha.proof.state !== 'ready') setSecuring(true);
    try {
      const token = await captcha.proof.answer();
      setCaptchaError(null);
      return token;
    } catch (error) {
      setCaptchaError(error instanceof CaptchaNotTicked ? captchaNeeded() : captchaFailedMessage());
      document.getElementById('captcha-label')?.scrollIntoView({ block: 'center' });
      return null;
    } finally {
      setSecuring(false);
    }
  };

  const send = async (
    request: DonationRequest | RecurringDonationRequest,
    captchaToken: string | undefined,
  ) => {
    const sent = captchaToken ? { ...request, recaptchaToken: captchaToken } : request;
    return choices.current.recurring
      ? await createRecurringDonation(sent as RecurringDonationRequest, signedIn)
      : await createDonation(sent as DonationRequest, signedIn);
  };

  const onSubmit = async (values: DonationFormValues): Promise<void> => {
    setNotice(null);
    setHandOffFailed(null);
    const made = donationRequestOf(completeDonationValues(values), choices.current, campaignId, undefined);
    if (!made) return;
    let request = made;
    // A debit order (7, monthly only: the server refuses it once-off) adds its account and mandate.
    if (made.paymentMethod === PaymentGateway.Paysoft) {
      const debitOrder = (await import('./DebitOrderFields')).debitOrderOfForm();
      if (!debitOrder) return;
      request = { ...made, debitOrder };
    }
    // The gateway's part loads only now, while the captcha and the donation are on their way.
    const gateway = import('./paymentRedirect');
    // Awaited only once the donation is made; a failure before that is not this import's.
    gateway.catch(() => undefined);
    if (request.paymentMethod === PaymentGateway.EFT) void import('./EftInstructions');
    let token: string | undefined;
    if (!signedIn) {
      token = (await captchaAnswer()) ?? undefined;
      if (!token) return;
    }
    let outcome = await send(request, token);
    if (!outcome.ok && !signedIn) {
      // An answer buys one request: the next one is worked out at once.
      captcha.proof.spent();
      // A proof of work refused (too old, already used) is made again and sent without asking the donor.
      if (outcome.fieldErrors?.recaptchaToken && !captcha.interactive) {
        token = (await captchaAnswer()) ?? undefined;
        if (!token) return;
        outcome = await send(request, token);
        if (!outcome.ok) captcha.proof.spent();
      }
    }
    if (!outcome.ok) {
      if (outcome.fieldErrors?.recaptchaToken) {
        setCaptchaError(outcome.message);
        return;
      }
      if (!applyServerErrors(form, outcome.fieldErrors, DONATION_FIELDS)) setNotice(outcome.message);
      return;
    }
    const info = outcome.data.transactionInfo;
    let redirect: Awaited<typeof gateway>;
    try {
      redirect = await gateway;
    } catch (error) {
      console.error(error);
      setNotice(handOffUnavailable(info.referenceNumber));
      return;
    }
    const { continueToPayment, watchHandOff } = redirect;
    const way = continueToPayment(info);
    if (way === 'eft') {
      setEft({ info, token: outcome.data.jwtTokenStringDonationId });
      return;
    }
    if (way === 'qr') {
      setSnapscan({ info, token: outcome.data.jwtTokenStringDonationId });
      return;
    }
    setLeaving(true);
    if (way === 'form') watchHandOff(info, handOffCallbacks);
  };

  const handOffCallbacks: HandOffCallbacks = {
    onFailed: (failed: HandOff): void => {
      setLeaving(false);
      setHandOffFailed({
        ...failed,
        retry: () => {
          setHandOffFailed(null);
          setLeaving(true);
          failed.retry();
        },
      });
    },
    // Back from the gateway's page: the button works again (a new press makes a new donation).
    onReturned: (): void => setLeaving(false),
  };

  return {
    onSubmit,
    captcha,
    captchaError,
    securing,
    notice,
    clearNotice: () => setNotice(null),
    leaving,
    handOffFailed,
    eft,
    snapscan,
  };
}

import { useState } from 'react';
import { applyServerErrors } from '~/islands/form/validation';
import type { DonationRequest, RecurringDonationRequest, TransactionInfo } from '~/lib/api/donations';
import type { FieldErrors } from '~/lib/contracts/common';
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

export interface DonationSubmit {
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

type AnyDonationRequest = DonationRequest | RecurringDonationRequest;
type PaymentRedirect = typeof import('./paymentRedirect');
/** What the server answers for a donation made, once-off or monthly. */
type MadeDonation = { transactionInfo: TransactionInfo; jwtTokenStringDonationId: string };

/**
 * The request the form's values make; null when they make none. A debit order (7, monthly only:
 * the server refuses it once-off) adds its account and mandate.
 */
async function requestOf(
  values: DonationFormValues,
  choices: DonationChoices,
  campaignId: string,
): Promise<AnyDonationRequest | null> {
  const made = donationRequestOf(completeDonationValues(values), choices, campaignId, undefined);
  if (made?.paymentMethod !== PaymentGateway.Paysoft) return made;
  const debitOrder = (await import('./DebitOrderFields')).debitOrderOfForm();
  return debitOrder ? { ...made, debitOrder } : null;
}

/** The gateway's part loads at the press, while the captcha and the donation are on their way. */
function loadPaymentParts(request: AnyDonationRequest): Promise<PaymentRedirect> {
  const gateway = import('./paymentRedirect');
  // Awaited only once the donation is made; a failure before that is not this import's.
  gateway.catch(() => undefined);
  if (request.paymentMethod === PaymentGateway.EFT) void import('./EftInstructions');
  return gateway;
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

  const send = async (request: AnyDonationRequest, captchaToken: string | undefined) => {
    const sent = captchaToken ? { ...request, recaptchaToken: captchaToken } : request;
    return choices.current.recurring
      ? await createRecurringDonation(sent as RecurringDonationRequest, signedIn)
      : await createDonation(sent as DonationRequest, signedIn);
  };

  /**
   * The donation sent, with a visitor's captcha answer; null when there is no answer (the reason is
   * shown). An answer buys one request: after a refusal the next one is worked out at once, and a
   * proof of work refused (too old, already used) is made again and sent without asking the donor.
   */
  const sendAnswered = async (request: AnyDonationRequest) => {
    if (signedIn) return await send(request, undefined);
    const token = await captchaAnswer();
    if (!token) return null;
    const outcome = await send(request, token);
    if (outcome.ok) return outcome;
    captcha.proof.spent();
    if (!outcome.fieldErrors?.recaptchaToken || captcha.interactive) return outcome;
    const fresh = await captchaAnswer();
    if (!fresh) return null;
    const again = await send(request, fresh);
    if (!again.ok) captcha.proof.spent();
    return again;
  };

  /** The server refused the donation: its message under the captcha, its fields, or above the button. */
  const showRefusal = ({ message, fieldErrors }: { message: string; fieldErrors: FieldErrors | null }) => {
    if (fieldErrors?.recaptchaToken) setCaptchaError(message);
    else if (!applyServerErrors(form, fieldErrors, DONATION_FIELDS)) setNotice(message);
  };

  /** The donation is made: the bank details, SnapScan's code, or on to the gateway's page. */
  const goToPayment = async (made: MadeDonation, gateway: Promise<PaymentRedirect>): Promise<void> => {
    const info = made.transactionInfo;
    let redirect: PaymentRedirect;
    try {
      redirect = await gateway;
    } catch (error) {
      console.error(error);
      setNotice(handOffUnavailable(info.referenceNumber));
      return;
    }
    const way = redirect.continueToPayment(info);
    const token = made.jwtTokenStringDonationId;
    if (way === 'eft') return setEft({ info, token });
    if (way === 'qr') return setSnapscan({ info, token });
    setLeaving(true);
    if (way === 'form') redirect.watchHandOff(info, handOffCallbacks);
  };

  const onSubmit = async (values: DonationFormValues): Promise<void> => {
    setNotice(null);
    setHandOffFailed(null);
    const request = await requestOf(values, choices.current, campaignId);
    if (!request) return;
    const gateway = loadPaymentParts(request);
    const outcome = await sendAnswered(request);
    if (!outcome) return;
    if (outcome.ok) await goToPayment(outcome.data, gateway);
    else showRefusal(outcome);
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

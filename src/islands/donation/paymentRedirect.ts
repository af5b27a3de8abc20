import type { PaymentForm, TransactionInfo } from '~/lib/api/donations';

/**
 * Posts the gateway's checkout form (PayFast, Ozow) the way a plain HTML
 * form would: a real <form method="post"> built here, in the click's
 * handler, so the page needs no inline script and the CSP's form-action
 * decides where it may go.
 */
export function postPaymentForm({ action, fields }: PaymentForm): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * Where the donor goes to pay: 'form' posts the gateway's form, 'redirect'
 * opens its page (PayPal), 'qr' leaves them here with SnapScan's code and app link, 'eft' leaves
 * them here with the bank details.
 */
export function continueToPayment(info: TransactionInfo): 'form' | 'redirect' | 'qr' | 'eft' {
  if (info.paymentQr) return 'qr';
  if (info.paymentForm) {
    postPaymentForm(info.paymentForm);
    return 'form';
  }
  if (info.paymentUrl) {
    window.location.assign(info.paymentUrl);
    return 'redirect';
  }
  return 'eft';
}

/** How long the browser has to start leaving for the gateway before the donor is told it did not. */
export const HAND_OFF_TIMEOUT_MS = 8000;

/** A gateway form that was not sent: the donation's reference, and a way to post it again. */
export interface HandOff {
  reference: string;
  /** The CSP refused the gateway's address ('blocked'), or nothing happened in time ('timeout'). */
  reason: 'blocked' | 'timeout';
  retry: () => void;
}

/** What the watch needs of the page (the browser's document and window; fakes in tests). */
export interface HandOffPage {
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface HandOffCallbacks {
  /** The form was not sent: show the reference and offer `retry`. */
  onFailed: (failed: HandOff) => void;
  /** The donor came back from the gateway with the Back button (the page from the back-forward cache). */
  onReturned?: () => void;
}

/**
 * Watches a gateway form just posted (postPaymentForm): if the page's CSP
 * refuses its address (form-action), or the page is still here, visible and
 * not unloading after HAND_OFF_TIMEOUT_MS, it tells `onFailed` with the
 * donation's reference and a retry that posts the form again and watches
 * again. So "Opening the payment page…" never spins for ever. Returns a
 * function that stops watching.
 */
export function watchHandOff(
  info: TransactionInfo,
  callbacks: HandOffCallbacks,
  page: HandOffPage = { document, window },
  post: (form: PaymentForm) => void = postPaymentForm,
): () => void {
  const form = info.paymentForm;
  if (!form) return () => {};
  let leaving = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    clearTimeout(timer);
    page.document.removeEventListener('securitypolicyviolation', onViolation);
    page.document.removeEventListener('visibilitychange', onVisibility);
    page.window.removeEventListener('beforeunload', onLeaving);
    page.window.removeEventListener('pagehide', onLeaving);
  };
  const fail = (reason: HandOff['reason']): void => {
    stop();
    callbacks.onFailed({
      reference: info.referenceNumber,
      reason,
      retry: () => {
        post(form);
        watchHandOff(info, callbacks, page, post);
      },
    });
  };
  function onViolation(event: Event): void {
    if ((event as SecurityPolicyViolationEvent).effectiveDirective === 'form-action') fail('blocked');
  }
  function onLeaving(): void {
    leaving = true;
  }
  function onVisibility(): void {
    if (page.document.visibilityState === 'hidden') leaving = true;
  }
  const onPageShow = (event: Event): void => {
    if (!(event as PageTransitionEvent).persisted) return;
    page.window.removeEventListener('pageshow', onPageShow);
    callbacks.onReturned?.();
  };
  page.document.addEventListener('securitypolicyviolation', onViolation);
  page.document.addEventListener('visibilitychange', onVisibility);
  page.window.addEventListener('beforeunload', onLeaving);
  page.window.addEventListener('pagehide', onLeaving);
  page.window.addEventListener('pageshow', onPageShow);
  timer = setTimeout(() => {
    if (leaving || page.document.visibilityState !== 'visible') stop();
    else fail('timeout');
  }, HAND_OFF_TIMEOUT_MS);
  return stop;
}

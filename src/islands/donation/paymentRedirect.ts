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
 * opens its page (PayPal), 'eft' leaves them here with the bank details.
 */
export function continueToPayment(info: TransactionInfo): 'form' | 'redirect' | 'eft' {
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

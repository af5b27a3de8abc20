import { expect } from 'vitest';
import {
  orderPayfastFields,
  type PayfastCheckoutRecord,
  payfastSignature,
} from '~/lib/server/payments/payfastSignature';
import type { DonationData } from './donations';
import { baseUrl } from './http';

// Paying a PayFast donation through the simulator, which speaks PayFast's protocol: the checkout
// page, the buttons, and the ITNs it sent to our notify URL (with how each was answered).

/** The simulator's default sandbox passphrase (env.ts), which a merchant's own signer also knows. */
export const PASSPHRASE = 'jt7NOE43FZPn';
export const NOTIFY_PATH = '/api/v1/payments/payfast/notify';

export interface SentItn {
  pfPaymentId: string;
  notifyUrl: string;
  fields: Array<[string, string]>;
  body: string;
  delivery: number | string;
}

export function formOf(donation: { transactionInfo: DonationData['transactionInfo'] }): {
  action: string;
  fields: Record<string, string>;
} {
  const form = donation.transactionInfo.paymentForm;
  if (!form) throw new Error('no PayFast form');
  return form;
}

/** The checkout fields changed and signed again, as a merchant who knows the passphrase could. */
export function resigned(
  fields: Record<string, string>,
  changes: Record<string, string>,
): Record<string, string> {
  const { signature: _old, ...rest } = { ...fields, ...changes };
  const ordered = orderPayfastFields(rest as PayfastCheckoutRecord);
  return { ...Object.fromEntries(ordered), signature: payfastSignature(ordered, PASSPHRASE) };
}

/** Posts a checkout to the simulator; returns the page's status and its checkout id. */
export async function checkout(
  action: string,
  fields: Record<string, string>,
): Promise<{ status: number; html: string; id: string | null }> {
  const response = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  const html = await response.text();
  const id = /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? null;
  return { status: response.status, html, id };
}

/** Presses a button on the simulator's page; returns where the browser is sent. */
export async function choose(id: string, choice: 'pay' | 'fail' | 'cancel'): Promise<string | null> {
  const response = await fetch(`${baseUrl}/sandbox/payfast/eng/checkout`, {
    method: 'POST',
    body: new URLSearchParams({ checkout: id, choice }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

/** Goes through the checkout with the form as the API gave it and presses `choice`. */
export async function payAtSimulator(
  donation: { transactionInfo: DonationData['transactionInfo'] },
  choice: 'pay' | 'fail' | 'cancel' = 'pay',
  changes: Record<string, string> = {},
): Promise<string | null> {
  const form = formOf(donation);
  const page = await checkout(
    form.action,
    Object.keys(changes).length ? resigned(form.fields, changes) : form.fields,
  );
  expect(page.status, page.html.slice(0, 500)).toBe(200);
  if (!page.id) throw new Error('no checkout id on the simulator page');
  return choose(page.id, choice);
}

export async function itns(): Promise<SentItn[]> {
  const response = await fetch(`${baseUrl}/sandbox/payfast/itns.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as SentItn[];
}

export async function itnFor(reference: string): Promise<SentItn> {
  const found = (await itns()).find((itn) =>
    itn.fields.some(([n, v]) => n === 'm_payment_id' && v === reference),
  );
  if (!found) throw new Error(`no ITN for ${reference}`);
  return found;
}

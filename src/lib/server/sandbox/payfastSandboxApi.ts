import { verifyPayfastApiSignature } from '~/lib/server/payments/payfastSignature';
import { env } from '~/lib/server/platform/env';
import { chargeSubscription, getSubscription, putSubscription, subscriptionView } from './payfastSandbox';
import type { SandboxSubscription } from './payfastStore';

/**
 * The simulator's part of PayFast's REST API: `subscriptions/{token}/fetch|cancel|update`
 * with PayFast's header signature, answered in PayFast's JSON shape; and the sandbox-only
 * `charge`, which bills the next cycle.
 */

type Action = 'fetch' | 'cancel' | 'update' | 'charge';

const METHOD_OF: Readonly<Record<Action, string>> = {
  fetch: 'GET',
  cancel: 'PUT',
  update: 'PATCH',
  charge: 'POST',
};

function json(code: number, data: unknown): Response {
  const status = code === 200 ? 'success' : 'failed';
  return new Response(JSON.stringify({ code, status, data }), {
    status: code,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const failed = (code: number, message: string): Response => json(code, { response: message, message: false });

/** Demo mandates (seeded) carry tokens PayFast never issued; the simulator plays along for them. */
const isDemoToken = (token: string): boolean => token.startsWith('demo-');

async function bodyFields(request: Request): Promise<Record<string, string> | null> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)]));
  } catch {
    return null;
  }
}

function authorised(request: Request, body: Record<string, string>): boolean {
  const h = request.headers;
  const headers = {
    'merchant-id': h.get('merchant-id') ?? '',
    version: h.get('version') ?? '',
    timestamp: h.get('timestamp') ?? '',
  };
  if (headers['merchant-id'] !== env.payments.payfast.merchantId || headers.version !== 'v1') return false;
  if (headers.timestamp === '') return false;
  return verifyPayfastApiSignature(
    { ...headers, ...body },
    h.get('signature'),
    env.payments.payfast.passphrase,
  );
}

function isAction(value: string | undefined): value is Action {
  return value === 'fetch' || value === 'cancel' || value === 'update' || value === 'charge';
}

/** `PATCH …/update`: the subscription with the posted changes, or what is wrong with them. */
function updatedSubscription(
  subscription: SandboxSubscription,
  body: Record<string, string>,
): SandboxSubscription | string {
  const changed = { ...subscription };
  if (body.amount !== undefined) {
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 500) return 'The amount must be whole cents, at least 500.';
    changed.amountCents = amount;
  }
  if (body.cycles !== undefined) {
    const cycles = Number(body.cycles);
    if (!Number.isInteger(cycles) || cycles < 0) return 'The cycles must be a whole number.';
    // Read as the payments still to come (0 = until cancelled), as our adapter sends it.
    changed.cycles = cycles === 0 ? 0 : changed.cyclesComplete + cycles;
  }
  if (body.frequency !== undefined) {
    const frequency = Number(body.frequency);
    if (!Number.isInteger(frequency) || frequency < 1 || frequency > 6)
      return 'The frequency must be 1 to 6.';
    changed.frequency = frequency;
  }
  if (body.run_date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(body.run_date)) return 'The run date must be YYYY-MM-DD.';
    changed.runDate = body.run_date;
  }
  return changed;
}

export async function handleSubscriptionApi(
  request: Request,
  token: string | undefined,
  action: string | undefined,
): Promise<Response> {
  if (!token || !isAction(action)) return failed(404, 'Not found.');
  if (request.method !== METHOD_OF[action]) return failed(405, `Use ${METHOD_OF[action]} for ${action}.`);

  if (action === 'charge') {
    const charged = await chargeSubscription(token);
    if (!charged.ok) return failed(charged.status, charged.message);
    return json(200, {
      response: { pf_payment_id: charged.itn.pfPaymentId, ...subscriptionView(charged.subscription) },
    });
  }

  const body = await bodyFields(request);
  if (body === null) return failed(400, 'The body is not a JSON object.');
  if (!authorised(request, body)) return failed(401, 'Merchant authorization failed.');
  const subscription = getSubscription(token);
  if (!subscription) {
    if (isDemoToken(token) && action !== 'fetch') return json(200, { response: true, message: 'Success' });
    return failed(404, 'Subscription not found.');
  }

  if (action === 'fetch') return json(200, { response: subscriptionView(subscription) });
  if (subscription.status !== 'ACTIVE')
    return failed(400, `Subscription is ${subscription.status.toLowerCase()}.`);
  if (action === 'cancel') {
    putSubscription({ ...subscription, status: 'CANCELLED' });
    return json(200, { response: true, message: 'Success' });
  }

  const changed = updatedSubscription(subscription, body);
  if (typeof changed === 'string') return failed(400, changed);
  putSubscription(changed);
  return json(200, { response: subscriptionView(changed) });
}

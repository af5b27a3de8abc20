// Stand-ins on loopback for the gateways that joined PayFast (issue 24), so npm run soak can pay by
// them on the production server, where the simulator under /sandbox is off. Each answers the calls
// our server makes, in the gateway's shape, and vouches only for payments it made itself:
// - iVeri Lite: Query Transaction Status (the capture page asks it before booking);
// - SnapScan: the Payments API ("Get a payment" by id, which each webhook is checked against, and
//   the list by merchant reference), and signed webhooks;
// - PayPal: OAuth, Orders v2 (create, read, capture) and verify-webhook-signature, and webhooks;
// - Paysoft: the customer token (with a CDV stand-in), debit-order batches (a repeated UniqueId is a
//   Duplicate) and the results read-back, with the soak setting each month's result;
// - SnapScan poster payments: a payment to a campaign poster's reference with the amount the payer chose.
// State lives in this process, so it outlasts the server's restarts, as the real gateways' does.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { snapscanAuthorizationHeader } from '../../src/lib/server/payments/snapscanSignature.ts';

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The text of the first `<name>…</name>` (Paysoft's flat XML). */
const xmlValue = (xml, name) => new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.trim() ?? '';
const xmlAnswer = (root, fields) =>
  `<?xml version="1.0" encoding="utf-8"?><${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</${root}>`;

const escapeHtml = (value) =>
  String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Starts the stand-ins on one free loopback port.
 * @returns {Promise<{ url: string, env: Record<string, string>, iveriPaid: (trace: string, cents: number) => string,
 *   snapscanPaid: (reference: string, cents: number) => { id: string, body: string, authorization: string },
 *   paypalApprove: (orderId: string) => boolean, paypalWebhook: (orderId: string) => { captureId: string, body: string, headers: Record<string, string> } | null,
 *   stop: () => Promise<void> }>}
 */
export async function startMoreGateways() {
  const secret = randomBytes(9).toString('base64url');
  const iveriApplicationId = `{${randomUUID().toUpperCase()}}`;
  const snapscan = {
    apiKey: `soak-api-${secret}`,
    webhookKey: `soak-webhook-${secret}`,
    merchant: 'letsema-soak',
  };
  const paypal = {
    clientId: `soak-client-${secret}`,
    clientSecret: `soak-secret-${secret}`,
    webhookId: 'soak-webhook',
  };
  const accessToken = `soak-token-${secret}`;
  const paysoftKey = `soak-paysoft-${secret}`;

  /** iVeri: the finished transaction under each trace. */
  const iveri = new Map();
  /** SnapScan: the payments by merchant reference. */
  const snapPayments = new Map();
  /** PayPal: orders by id, the request ids that made them, and the webhook transmissions it sent. */
  const orders = new Map();
  const ordersByRequestId = new Map();
  const transmissions = new Set();
  /** Paysoft: customers' tokens, and the batches by UniqueId (each debit with its result, if set). */
  const paysoftTokens = new Set();
  const batches = new Map();
  let serial = 0;

  function paysoftApi(req, res, path, address, body) {
    const answer = (xml) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(xml);
    };
    if (address.searchParams.get('key') !== paysoftKey) {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('Invalid key');
    }
    const request = new URLSearchParams(body).get('request') ?? '';
    if (req.method === 'POST' && path === '/CustomerToken') {
      // CDV stand-in: ten digits, not starting 000.
      if (
        !/^\d{10}$/.test(xmlValue(request, 'AccountNumber')) ||
        xmlValue(request, 'AccountNumber').startsWith('000')
      )
        return answer(xmlAnswer('APITokenResponse', { Result: 'CDVFailed' }));
      const token = `SOAKTKN${String(++serial).padStart(8, '0')}`;
      paysoftTokens.add(token);
      return answer(xmlAnswer('APITokenResponse', { Result: 'OK', Token: token }));
    }
    if (req.method === 'POST' && path === '/DebitOrder') {
      const uniqueId = xmlValue(request, 'UniqueId');
      if (!uniqueId) return answer(xmlAnswer('APIDebitOrdersResponse', { Result: 'Invalid' }));
      if (batches.has(uniqueId)) return answer(xmlAnswer('APIDebitOrdersResponse', { Result: 'Duplicate' }));
      const debits = [...request.matchAll(/<FileContents>([\s\S]*?)<\/FileContents>/g)].map((m) => ({
        transactionId: `SOAKPST${String(++serial).padStart(8, '0')}`,
        token: xmlValue(m[1], 'Token'),
        reference: xmlValue(m[1], 'Reference'),
        amount: xmlValue(m[1], 'FileAmount'),
        status: null,
      }));
      if (debits.some((d) => !paysoftTokens.has(d.token)))
        return answer(xmlAnswer('APIDebitOrdersResponse', { Result: 'UnknownToken' }));
      batches.set(uniqueId, debits);
      return answer(
        xmlAnswer('APIDebitOrdersResponse', { Result: 'OK', UniqueId: uniqueId, Records: debits.length }),
      );
    }
    if (req.method === 'GET' && path === '/DebitOrderResults') {
      const uniqueId = address.searchParams.get('uniqueId') ?? '';
      const transactions = (batches.get(uniqueId) ?? [])
        .filter((d) => d.status)
        .map(
          (d) =>
            `<Transaction><Reference>${d.reference}</Reference><TransactionId>${d.transactionId}</TransactionId><Status>${d.status}</Status><Amount>${d.amount}</Amount><ReasonCode>${d.status === 'Paid' ? '' : '02'}</ReasonCode></Transaction>`,
        )
        .join('');
      return answer(
        `<?xml version="1.0" encoding="utf-8"?><APIDebitOrderResults><UniqueId>${uniqueId}</UniqueId>${transactions}</APIDebitOrderResults>`,
      );
    }
    return json(res, 404, { message: 'Not found' });
  }

  function iveriQuery(form) {
    const trace = form.get('Lite_Merchant_Trace') ?? '';
    const known =
      form.get('Lite_Merchant_ApplicationId') === iveriApplicationId ? iveri.get(trace) : undefined;
    const fields = known
      ? {
          Lite_Merchant_ApplicationId: iveriApplicationId,
          Lite_Merchant_Trace: trace,
          Lite_Order_Amount: String(known.cents),
          Lite_Order_AuthorisationCode: known.authorisationCode,
          Lite_TransactionIndex: known.index,
          Lite_Payment_Card_Status: '0',
          Lite_Result_Description: 'Approved',
        }
      : { Lite_Merchant_Trace: trace, Lite_Payment_Card_Status: '', Lite_Result_Description: 'Not found' };
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    return `<!doctype html><html><body><form>${inputs}</form></body></html>`;
  }

  function paypalCapture(order) {
    return {
      id: order.id,
      status: order.status,
      purchase_units: [
        {
          reference_id: order.reference,
          custom_id: order.reference,
          amount: order.amount,
          ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
        },
      ],
      links: [{ rel: 'payer-action', href: `${url}/paypal/checkoutnow?token=${order.id}`, method: 'GET' }],
    };
  }

  function paypalApi(req, res, path, body) {
    if (path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`)
      return json(res, 401, { name: 'AUTHENTICATION_FAILURE' });
    const data = body ? JSON.parse(body) : {};
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const again = requestId ? orders.get(ordersByRequestId.get(requestId)) : undefined;
      if (again) return json(res, 201, paypalCapture(again));
      const unit = data.purchase_units?.[0] ?? {};
      const order = {
        id: `SOAK${String(++serial).padStart(13, '0')}`,
        status: 'PAYER_ACTION_REQUIRED',
        reference: unit.custom_id ?? '',
        amount: unit.amount,
        capture: null,
      };
      orders.set(order.id, order);
      if (requestId) ordersByRequestId.set(requestId, order.id);
      return json(res, 201, paypalCapture(order));
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(decodeURIComponent(match[1])) : undefined;
    if (match && !order)
      return json(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    if (order && req.method === 'GET' && !match[2]) return json(res, 200, paypalCapture(order));
    if (order && req.method === 'POST' && match[2]) {
      if (order.capture)
        return json(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
        });
      if (order.status !== 'APPROVED')
        return json(res, 422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
      order.status = 'COMPLETED';
      order.capture = {
        id: `SOAKCAP${String(++serial).padStart(10, '0')}`,
        status: 'COMPLETED',
        amount: order.amount,
        final_capture: true,
        custom_id: order.reference,
      };
      return json(res, 201, paypalCapture(order));
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const genuine =
        data.webhook_id === paypal.webhookId &&
        transmissions.has(`${data.transmission_id}:${data.transmission_sig}`);
      return json(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
    }
    return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const address = new URL(req.url ?? '/', 'http://stand-in');
      const path = address.pathname;
      if (req.method === 'POST' && path === '/iveri/Lite/AuthoriseInfo') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(iveriQuery(new URLSearchParams(body)));
      }
      if (req.method === 'GET' && path === '/snapscan/payments') {
        const basic = `Basic ${Buffer.from(`${snapscan.apiKey}:`).toString('base64')}`;
        if (req.headers.authorization !== basic) return json(res, 401, { message: 'Unauthorised' });
        return json(res, 200, snapPayments.get(address.searchParams.get('merchantReference') ?? '') ?? []);
      }
      const byId = /^\/snapscan\/payments\/(\d+)$/.exec(path);
      if (req.method === 'GET' && byId) {
        const basic = `Basic ${Buffer.from(`${snapscan.apiKey}:`).toString('base64')}`;
        if (req.headers.authorization !== basic) return json(res, 401, { message: 'Unauthorised' });
        const payment = [...snapPayments.values()].flat().find((p) => p.id === Number(byId[1]));
        return payment ? json(res, 200, payment) : json(res, 404, { message: 'Not found' });
      }
      if (path.startsWith('/paypal/')) return paypalApi(req, res, path.slice('/paypal'.length), body);
      if (path.startsWith('/paysoft/'))
        return paysoftApi(req, res, path.slice('/paysoft'.length), address, body);
      return json(res, 404, { message: 'Not found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    env: {
      IVERI_PROCESS_URL: `${url}/iveri/Lite/Authorise`,
      IVERI_QUERY_URL: `${url}/iveri/Lite/AuthoriseInfo`,
      IVERI_APPLICATION_ID: iveriApplicationId,
      SNAPSCAN_QR_URL: `${url}/snapscan/qr`,
      SNAPSCAN_API_URL: `${url}/snapscan`,
      SNAPSCAN_MERCHANT_ID: snapscan.merchant,
      SNAPSCAN_API_KEY: snapscan.apiKey,
      SNAPSCAN_WEBHOOK_AUTH_KEY: snapscan.webhookKey,
      PAYPAL_API_URL: `${url}/paypal`,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYSOFT_API_URL: `${url}/paysoft`,
      PAYSOFT_API_KEY: paysoftKey,
      PAYSOFT_CLIENT_CODE: 'SOAK01',
    },
    /** The cardholder paid `cents` under `trace` on iVeri's page; returns iVeri's transaction index. */
    iveriPaid(trace, cents) {
      const done = iveri.get(trace) ?? {
        cents,
        index: `{${randomUUID().toUpperCase()}}`,
        authorisationCode: String(100000 + (++serial % 900000)),
      };
      iveri.set(trace, done);
      return done.index;
    },
    /**
     * The payer paid `cents` in the SnapScan app; returns the signed webhook SnapScan posts.
     * `poster`: paid with a poster's code, whose amount the payer chose (no required amount).
     */
    snapscanPaid(reference, cents, poster = false) {
      const payment = {
        id: 5_000_000 + ++serial,
        status: 'completed',
        totalAmount: cents,
        tipAmount: 0,
        requiredAmount: poster ? null : cents,
        merchantReference: reference,
        snapCode: snapscan.merchant,
        date: new Date().toISOString(),
      };
      snapPayments.set(reference, [...(snapPayments.get(reference) ?? []), payment]);
      const body = new URLSearchParams({ payload: JSON.stringify(payment) }).toString();
      return {
        id: String(payment.id),
        body,
        authorization: snapscanAuthorizationHeader(body, snapscan.webhookKey),
      };
    },
    /** Paysoft's debits that have no result yet: `{ uniqueId, reference, transactionId }`. */
    paysoftOpen() {
      return [...batches].flatMap(([uniqueId, debits]) =>
        debits
          .filter((d) => !d.status)
          .map((d) => ({ uniqueId, reference: d.reference, transactionId: d.transactionId })),
      );
    },
    /** The month's result at the bank ('Paid', 'Unpaid', …), which the read-back then reports. */
    paysoftResult(uniqueId, reference, status) {
      const debit = batches.get(uniqueId)?.find((d) => d.reference === reference);
      if (debit) debit.status = status;
      return Boolean(debit);
    },
    /** The buyer approved the order on PayPal's card page. */
    paypalApprove(orderId) {
      const order = orders.get(orderId);
      if (!order) return false;
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
      return true;
    },
    /** PayPal's PAYMENT.CAPTURE.COMPLETED webhook for the order's capture (null before it is captured). */
    paypalWebhook(orderId) {
      const order = orders.get(orderId);
      if (!order?.capture) return null;
      const transmissionId = randomUUID();
      const signature = randomBytes(16).toString('base64');
      transmissions.add(`${transmissionId}:${signature}`);
      const event = {
        id: `WH-${randomUUID()}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: { ...order.capture, supplementary_data: { related_ids: { order_id: order.id } } },
      };
      return {
        captureId: order.capture.id,
        body: JSON.stringify(event),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${url}/paypal/v1/notifications/certs/soak`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': new Date().toISOString(),
        },
      };
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// A stand-in for PayFast on loopback, so a donation's notification (ITN) can be measured on the
// production server, where the simulator under /sandbox is off. The bench signs each ITN as PayFast
// does (with the passphrase it gives the server) and answers the server's confirmation call
// (POST /eng/query/validate) VALID for exactly the ITNs it signed, as PayFast would. Also used by
// npm run soak, npm run bench:cluster (which makes the validate call fail for a while: `failValidation`)
// and the graceful-shutdown test.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import {
  payfastItnParamString,
  payfastItnSignature,
} from '../../src/lib/server/payments/payfastSignature.ts';

const CUSTOM_FIELDS = ['custom_str1', 'custom_str2', 'custom_str3', 'custom_str4', 'custom_str5'].concat([
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
]);

/**
 * Starts the stand-in on a free loopback port.
 * @returns {Promise<{ url: string, env: Record<string, string>, itnFor: (checkout: Record<string, string>) => string,
 *   failValidation: (status: number | null) => void, validations: { valid: number, invalid: number, failed: number },
 *   stop: () => Promise<void> }>}
 *   `env` points a server at it; `itnFor` turns the checkout form the donation API answered into
 *   the signed ITN body of a completed payment; `failValidation(503)` answers every validate call with
 *   that HTTP status (PayFast having an outage) until `failValidation(null)`; `validations` counts the answers.
 */
export async function startPayfastGateway() {
  const passphrase = `bench-${randomBytes(9).toString('base64url')}`;
  const signed = new Set();
  /** While set, the HTTP status every validate call gets (an outage at PayFast's end). */
  let failing = null;
  const validations = { valid: 0, invalid: 0, failed: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      // As often as asked, as PayFast does: a notification retried after the server crashed
      // mid-booking (npm run soak) is confirmed again.
      if (failing !== null) {
        validations.failed += 1;
        res.writeHead(failing, { 'content-type': 'text/plain' });
        res.end('Service Unavailable');
        return;
      }
      const valid = req.method === 'POST' && req.url === '/eng/query/validate' && signed.has(body);
      validations[valid ? 'valid' : 'invalid'] += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(valid ? 'VALID' : 'INVALID');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  let paymentNo = 0;

  const itnFor = (checkout) => {
    const gross = Number(checkout.amount);
    const fee = Math.round(gross * 2.3) / 100;
    /** @type {Array<[string, string]>} */
    const fields = [
      ['m_payment_id', checkout.m_payment_id ?? ''],
      ['pf_payment_id', String(9_000_000 + ++paymentNo)],
      ['payment_status', 'COMPLETE'],
      ['item_name', checkout.item_name ?? ''],
      ['item_description', checkout.item_description ?? ''],
      ['amount_gross', gross.toFixed(2)],
      ['amount_fee', (-fee).toFixed(2)],
      ['amount_net', (gross - fee).toFixed(2)],
      ...CUSTOM_FIELDS.map((name) => [name, checkout[name] ?? '']),
      ['name_first', checkout.name_first ?? ''],
      ['name_last', checkout.name_last ?? ''],
      ['email_address', checkout.email_address ?? ''],
      ['merchant_id', checkout.merchant_id ?? ''],
    ];
    signed.add(payfastItnParamString(fields));
    fields.push(['signature', payfastItnSignature(fields, passphrase)]);
    return new URLSearchParams(fields).toString();
  };

  return {
    url,
    env: {
      PAYFAST_PROCESS_URL: url,
      PAYFAST_PASSPHRASE: passphrase,
      // The bench posts ITNs from loopback; production otherwise trusts PayFast's own ranges only.
      PAYFAST_VALID_SOURCES: '127.0.0.1',
    },
    itnFor,
    failValidation: (status) => {
      failing = status;
    },
    validations,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// A stand-in for PayFast's server for tests and the soak run: it signs ITNs the way PayFast does
// and answers `/eng/query/validate` with VALID for the ones it signed. Point the server at it with
// PAYFAST_PROCESS_URL (see payfastEnv). Unlike the simulator inside the app, it keeps working
// while the app is stopping or killed, and it forgets nothing across the app's restarts.
import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import {
  payfastItnParamString,
  payfastItnSignature,
} from '../../src/lib/server/payments/payfastSignature.ts';

/** The simulator's default merchant and passphrase (src/lib/server/platform/env.ts). */
const MERCHANT_ID = '10000100';
const PASSPHRASE = 'jt7NOE43FZPn';

/**
 * @typedef {object} PayfastGateway
 * @property {Record<string, string>} env  what the app needs to use it (PAYFAST_PROCESS_URL)
 * @property {(itn: { reference: string, amount: number, status?: string }) => { pfPaymentId: string, body: string }} itn
 *   a signed ITN body for a donation (its reference and the total paid, in rand)
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<PayfastGateway>} */
export async function startPayfastGateway() {
  const genuine = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const known = req.url?.endsWith('/eng/query/validate') && genuine.has(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(known ? 'VALID' : 'INVALID');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  function itn({ reference, amount, status = 'COMPLETE' }) {
    const pfPaymentId = String(randomInt(1_000_000, 2_000_000_000));
    /** @type {Array<[string, string]>} */
    const fields = [
      ['m_payment_id', reference],
      ['pf_payment_id', pfPaymentId],
      ['payment_status', status],
      ['item_name', 'Donation'],
      ['amount_gross', amount.toFixed(2)],
      ['amount_fee', '0.00'],
      ['amount_net', amount.toFixed(2)],
      ['name_first', 'Soak'],
      ['name_last', 'Donor'],
      ['email_address', 'soak@letsema.test'],
      ['merchant_id', MERCHANT_ID],
    ];
    genuine.add(payfastItnParamString(fields));
    fields.push(['signature', payfastItnSignature(fields, PASSPHRASE)]);
    return { pfPaymentId, body: new URLSearchParams(fields).toString() };
  }

  return {
    env: { PAYFAST_PROCESS_URL: `http://127.0.0.1:${port}` },
    itn,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

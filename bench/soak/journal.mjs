// What the server acknowledged, on disk as it happens (one JSON line per answer), so the check at
// the end compares the database with what clients were told, not with what the soak remembers.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * @typedef {{ kind: 'donation', id: string, reference: string, amount: number }
 *   | { kind: 'itn', reference: string, pfPaymentId: string, replay: boolean, gateway?: number }} Entry
 * (an `itn` is any acknowledged notification or return; `gateway` is PaymentGateway, PayFast when absent)
 */

export function openJournal(file) {
  writeFileSync(file, '');
  return {
    file,
    /** @param {Entry} entry */
    record(entry) {
      appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...entry })}\n`);
    },
    /** @returns {Entry[]} */
    read() {
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    },
  };
}

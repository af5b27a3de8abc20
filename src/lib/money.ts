/**
 * Money helpers. The database keeps integer cents; the API and the screens
 * speak rand/dollar amounts with 2 decimals. Conversion happens only here.
 */

/** Cents for an amount, rounded half away from zero on the decimal value (1.005 → 101, not 100). */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const magnitude = Math.abs(amount);
  const text = String(magnitude);
  // Shifting the decimal point in the string avoids 1.005 * 100 === 100.49999999999999.
  const shifted = text.includes('e') ? magnitude * 100 : Number(`${text}e2`);
  const cents = Math.round(shifted);
  return amount < 0 && cents !== 0 ? -cents : cents;
}

/** The amount for integer cents, exact to 2 decimals (30 → 0.3, never 0.30000000000000004). */
export function fromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * `percent` % of integer cents, rounded to a whole cent with halves going up
 * (5 % of 50 cents is 2.5 → 3, not the banker's 2). The server accepts an
 * admin fee only when it is exactly this, so the donation form computes it here too.
 */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

const SYMBOLS: Readonly<Record<number, string>> = { 1: 'R', 2: '$' };

/**
 * 'R 1 250.00': the currency symbol, a space, the amount with spaces between
 * thousands and always 2 decimals. `currency` is a currency id or anything with a symbol.
 */
export function formatMoney(amount: number, currency: number | { symbol: string }): string {
  const symbol = typeof currency === 'number' ? (SYMBOLS[currency] ?? '') : currency.symbol;
  const cents = toCents(amount);
  const whole = Math.floor(Math.abs(cents) / 100);
  const fraction = String(Math.abs(cents) % 100).padStart(2, '0');
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const sign = cents < 0 ? '-' : '';
  return `${sign}${symbol ? `${symbol} ` : ''}${grouped}.${fraction}`;
}

/** Cents as the decimal text gateways take, two places: 2500 → `25.00`. */
export function decimalOfCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

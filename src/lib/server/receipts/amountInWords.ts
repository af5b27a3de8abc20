import { Currency } from '~/lib/enums';

/**
 * An amount in words, as a Section 18A receipt states it beside the figures: 'One thousand two
 * hundred and fifty rand and fifty cents'. British usage, as South African documents write it:
 * 'and' before the tens of each hundred and before a last group under a hundred ('one thousand
 * and five'), hyphenated tens ('forty-two'). Up to 1 000 000 000, the largest donation.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
] as const;
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'] as const;

const SCALES: readonly [value: number, name: string][] = [
  [1_000_000_000, 'billion'],
  [1_000_000, 'million'],
  [1_000, 'thousand'],
];

/** 1–99. */
function underHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return ones === 0 ? tens : `${tens}-${ONES[ones]}`;
}

/** 1–999. */
function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 0) return underHundred(rest);
  const head = `${ONES[hundreds]} hundred`;
  return rest === 0 ? head : `${head} and ${underHundred(rest)}`;
}

/** A whole number 0–1 000 000 000 in words ('zero', 'one million two hundred thousand and five'). */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000_000)
    throw new RangeError(`Not a whole amount in range: ${n}`);
  if (n === 0) return ONES[0];
  const parts: string[] = [];
  let rest = n;
  for (const [value, name] of SCALES) {
    const count = Math.floor(rest / value);
    if (count > 0) parts.push(`${underThousand(count)} ${name}`);
    rest %= value;
  }
  if (rest > 0)
    parts.push(parts.length > 0 && rest < 100 ? `and ${underHundred(rest)}` : underThousand(rest));
  return parts.join(' ');
}

const UNITS: Readonly<Record<number, { one: string; many: string }>> = {
  [Currency.Rand]: { one: 'rand', many: 'rand' },
  [Currency.Dollar]: { one: 'US dollar', many: 'US dollars' },
};

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `cents` of `currencyId` in words: 'One thousand two hundred and fifty rand', '… US dollars and five cents'. */
export function amountInWords(cents: number, currencyId: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  const unit = UNITS[currencyId];
  if (!unit) throw new RangeError(`No words for currency ${currencyId}`);
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  const centsText = `${underHundred(fraction)} ${fraction === 1 ? 'cent' : 'cents'}`;
  if (whole === 0 && fraction > 0) return capitalised(centsText);
  const wholeText = `${numberInWords(whole)} ${whole === 1 ? unit.one : unit.many}`;
  return capitalised(fraction === 0 ? wholeText : `${wholeText} and ${centsText}`);
}

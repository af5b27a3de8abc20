import { badRequest } from './errors';

export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';
export const LONE_SURROGATE_MESSAGE = 'The request contains text that is not valid Unicode.';

/**
 * True when a string or key anywhere in a parsed value (strings, keys, array items, nested
 * objects) passes `test`. Walks with its own stack: a deeply nested body must not overflow
 * the call stack.
 */
function someText(value: unknown, test: (text: string) => boolean): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (test(item)) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) {
        if (test(key)) return true;
        pending.push(nested);
      }
    }
  }
  return false;
}

/**
 * True when a NUL character hides anywhere in a parsed value. PostgreSQL refuses NUL in text,
 * so such input is the client's mistake, not a 500.
 */
export function containsNul(value: unknown): boolean {
  return someText(value, (text) => text.includes('\0'));
}

/**
 * Refuses (400) parsed input with text PostgreSQL cannot store: a NUL character, or a lone
 * surrogate (`"\udc00"` in JSON), which the database refuses as invalid UTF-8.
 */
export function assertStorableText(value: unknown): void {
  if (containsNul(value)) throw badRequest(NUL_MESSAGE);
  // Half of a UTF-16 pair without its other half: JSON's \ud800 escape makes one, no UTF-8 byte sequence can.
  if (someText(value, (text) => !text.isWellFormed())) throw badRequest(LONE_SURROGATE_MESSAGE);
}

export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

/**
 * True when a NUL character hides anywhere in a parsed value (strings, keys,
 * array items, nested objects). PostgreSQL refuses NUL in text, so such input
 * is the client's mistake, not a 500. Walks with its own stack: a deeply
 * nested body must not overflow the call stack.
 */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, nested] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(nested);
      }
    }
  }
  return false;
}

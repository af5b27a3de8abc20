/** A piece of a message: its own words, or where one of its values goes. */
export type MessagePart<K extends string> = { text: string } | { slot: K };

/**
 * A message cut at its values, so markup can wrap them ('Find {name}' with the name marked as the
 * organisation's own words) while each language keeps its own word order. `render` is the message
 * function; other values it needs are given in `fixed`.
 */
export function messageParts<K extends string, F extends object = Record<never, never>>(
  render: (values: Record<K, string> & F) => string,
  keys: readonly K[],
  fixed?: F,
): MessagePart<K>[] {
  const slots = Object.fromEntries(keys.map((key) => [key, `\u0000${key}\u0000`])) as Record<K, string>;
  return render({ ...(fixed as F), ...slots })
    .split('\u0000')
    .map((piece, i): MessagePart<K> => (i % 2 === 1 ? { slot: piece as K } : { text: piece }))
    .filter((part) => !('text' in part) || part.text !== '');
}

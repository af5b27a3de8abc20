/** A piece of a message: its own words, or where one of its values goes. */
export type MessagePart<K extends string> = { text: string } | { slot: K };

/**
 * A message cut at its values, so markup can wrap them ('Created {date}' with the date in a
 * <time>) while each language keeps its own word order. `render` is the message function.
 */
export function messageParts<K extends string>(
  render: (values: Record<K, string>) => string,
  keys: readonly K[],
): MessagePart<K>[] {
  const values = Object.fromEntries(keys.map((key) => [key, `\u0000${key}\u0000`])) as Record<K, string>;
  return render(values)
    .split('\u0000')
    .map((piece, i): MessagePart<K> => (i % 2 === 1 ? { slot: piece as K } : { text: piece }))
    .filter((part) => !('text' in part) || part.text !== '');
}

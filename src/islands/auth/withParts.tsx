import { Fragment, type ReactNode } from 'react';
import { messageParts } from '~/lib/i18n/messageParts';

/**
 * A translated sentence with elements in it (a link, bold text): the message's values are the
 * parts, placed wherever the language puts them (src/lib/i18n/messageParts.ts cuts it).
 */
export function withParts<K extends string>(
  message: (params: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode {
  // Each value stands once in a message, so its name keys its part.
  return messageParts(message, Object.keys(parts) as K[]).map((part) =>
    'text' in part ? part.text : <Fragment key={part.slot}>{parts[part.slot]}</Fragment>,
  );
}

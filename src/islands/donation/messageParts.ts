/** Stands in for a value a message places, so the page can put markup (a <strong>) around it. */
export const SLOT = '\uE000';

/**
 * A translated message cut where its value goes (issue 27: the words around a value differ per
 * language): `m.key({ reference: SLOT })` gives the text before and after it.
 */
export function aroundSlot(text: string): [before: string, after: string] {
  const at = text.indexOf(SLOT);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}

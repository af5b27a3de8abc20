// The place box's matching, apart from its list (places.ts) so the page's script takes the list from
// the page's own <datalist> and bundles only this.

/** How many suggestions show at once. */
export const MAX_PLACE_SUGGESTIONS = 8;

/** Letters only, lower case, without accents: 'KwaZulu-Natal' is 'kwazulu natal'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The places whose name, or one of its words, begins with what was typed ('Gau': Gauteng; 'cape':
 * Cape Town, then Eastern Cape, Northern Cape and Western Cape; 'kwaz': KwaZulu-Natal), names that
 * begin with it first, each group in the list's order. Nothing typed, nothing suggested.
 */
export function placeSuggestions(
  typed: string,
  places: readonly string[],
  most = MAX_PLACE_SUGGESTIONS,
): string[] {
  const wanted = folded(typed);
  if (wanted === '') return [];
  const starts: string[] = [];
  const wordStarts: string[] = [];
  const exact = typed.trim().toLowerCase();
  for (const place of places) {
    // The very name typed is not worth suggesting; 'kwazulu natal' still offers 'KwaZulu-Natal'.
    if (place.toLowerCase() === exact) continue;
    const name = folded(place);
    if (name.startsWith(wanted) || name.replace(/ /g, '').startsWith(wanted.replace(/ /g, '')))
      starts.push(place);
    else if (name.split(' ').some((_, i, words) => words.slice(i).join(' ').startsWith(wanted)))
      wordStarts.push(place);
  }
  return [...starts, ...wordStarts].slice(0, most);
}

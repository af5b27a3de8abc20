/**
 * A person's name, written one way on both sides: the server's lists and mails, the pages and the
 * islands. Pure (no imports), so it costs an island nothing.
 */

/** A person's name as rows and contracts carry it: either part may be missing or blank. */
export interface PersonName {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** "Thabo Mokoena": the first and last names trimmed, one space between; '' when neither is set. */
export function fullName(person: PersonName): string {
  return [person.firstName?.trim(), person.lastName?.trim()].filter(Boolean).join(' ');
}

/** The full name, or `fallback` (an email, 'a former user') when the person has no name. */
export function fullNameOr(person: PersonName, fallback: string): string {
  return fullName(person) || fallback;
}

/** Up to two capital initials ("TM") for an avatar without a picture; '?' when there is no name. */
export function initialsOf(person: PersonName): string {
  const letters = [person.firstName, person.lastName].map((name) => name?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** Up to two capital initials of a name's first words ("Khayelitsha Learning Trust": "KL"); '?' for none. */
export function initialsOfWords(name: string): string {
  const [first, second] = name.trim().split(/\s+/);
  return initialsOf({ firstName: first, lastName: second });
}

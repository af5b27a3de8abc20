import { describe, expect, it } from 'vitest';
import { fullName, fullNameOr, initialsOf, initialsOfWords } from '~/lib/people';

describe("a person's name", () => {
  it('joins the first and last names with one space, trimmed', () => {
    expect(fullName({ firstName: 'Thabo', lastName: 'Mokoena' })).toBe('Thabo Mokoena');
    expect(fullName({ firstName: '  Thabo ', lastName: ' Mokoena  ' })).toBe('Thabo Mokoena');
  });

  it('leaves out a missing or blank part, with no stray space', () => {
    expect(fullName({ firstName: 'Thabo', lastName: '' })).toBe('Thabo');
    expect(fullName({ firstName: null, lastName: 'Mokoena' })).toBe('Mokoena');
    expect(fullName({ firstName: '   ', lastName: undefined })).toBe('');
    expect(fullName({})).toBe('');
  });

  it('falls back only when there is no name at all', () => {
    expect(fullNameOr({ firstName: 'Lerato', lastName: 'Dube' }, 'lerato@example.org')).toBe('Lerato Dube');
    expect(fullNameOr({ firstName: ' ', lastName: null }, 'lerato@example.org')).toBe('lerato@example.org');
  });

  it('gives capital initials for an avatar, and ? for a nameless person', () => {
    expect(initialsOf({ firstName: 'thabo', lastName: 'mokoena' })).toBe('TM');
    expect(initialsOf({ firstName: ' Lerato', lastName: '' })).toBe('L');
    expect(initialsOf({ firstName: null, lastName: null })).toBe('?');
  });
});

describe("a name's initials", () => {
  it("takes the first two words' letters", () => {
    expect(initialsOfWords('Khayelitsha  Learning Trust')).toBe('KL');
    expect(initialsOfWords('Letsema')).toBe('L');
    expect(initialsOfWords('  ')).toBe('?');
  });
});

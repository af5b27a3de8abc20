import { describe, expect, it } from 'vitest';
import { holderNameSignal, namesMatch } from '~/lib/server/admin/review/evidence';

describe('the account holder’s name against the expected names', () => {
  it('reads names alike without case, accents, punctuation or extra spaces', () => {
    expect(namesMatch('Karoo Animal Rescue N.P.C.', 'karoo animal rescue npc')).toBe(true);
    expect(namesMatch('  Zoë   Ndlovu ', 'Zoe Ndlovu')).toBe(true);
    expect(namesMatch('N Zulu', 'Sipho Ndlovu')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });

  it('says whose name differs, and nothing when one expected name matches or none is known', () => {
    expect(holderNameSignal('N Zulu', [{ whose: 'campaign owner', name: 'Sipho Ndlovu' }])).toBe(
      'The account holder “N Zulu” differs from the name of the campaign owner “Sipho Ndlovu”.',
    );
    expect(
      holderNameSignal('Karoo Animal Rescue', [
        { whose: 'organisation', name: 'Karoo Animal Rescue NPC' },
        { whose: 'organisation (other name)', name: 'Karoo Animal Rescue' },
      ]),
    ).toBeNull();
    expect(holderNameSignal('Anyone', [{ whose: 'campaign owner', name: null }])).toBeNull();
  });
});

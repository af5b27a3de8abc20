import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, editCampaignSchema } from '~/lib/schemas/campaign';
import { decimalNumber, nullableNumber } from '~/lib/schemas/campaignFields';
import { registerOrganisationSchema } from '~/lib/schemas/organisation';
import {
  hasUnsafeMultiLineCharacters,
  hasUnsafeSingleLineCharacters,
  multiLine,
  multiLineMessage,
  singleLine,
  singleLineMessage,
} from '~/lib/schemas/textRules';

const UNSAFE_EVERYWHERE = {
  NUL: '\u0000',
  bell: '\u0007',
  escape: '\u001B',
  DEL: '\u007F',
  'C1 control': '\u0085',
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'right-to-left isolate': '\u2067',
  'pop directional isolate': '\u2069',
};
const UNSAFE_IN_ONE_LINE = {
  'line feed': '\n',
  'carriage return': '\r',
  tab: '\t',
  'zero-width space': '\u200B',
  'zero-width joiner': '\u200D',
  'word joiner': '\u2060',
  'byte-order mark': '\uFEFF',
};

describe('the shared text rule', () => {
  it('lets ordinary names through, in any script, with punctuation and emoji', () => {
    for (const text of [
      'Themba Care Foundation NPC',
      'Zoë’s “Soup” Kitchen (Pty) Ltd',
      'مدرسة',
      'Run 🏃 for Soweto',
    ])
      expect(hasUnsafeSingleLineCharacters(text), text).toBe(false);
  });

  it('refuses control, bidi-override and zero-width characters in a single-line text', () => {
    for (const [name, char] of Object.entries({ ...UNSAFE_EVERYWHERE, ...UNSAFE_IN_ONE_LINE }))
      expect(hasUnsafeSingleLineCharacters(`Clean${char}Water`), name).toBe(true);
  });

  it('keeps line breaks and tabs in a multi-line text, but refuses other controls and bidi overrides', () => {
    expect(hasUnsafeMultiLineCharacters('First paragraph.\r\n\r\nSecond\tparagraph.\n👨‍👩‍👧')).toBe(false);
    for (const [name, char] of Object.entries(UNSAFE_EVERYWHERE))
      expect(hasUnsafeMultiLineCharacters(`One${char}two`), name).toBe(true);
  });

  it('says which field and why, word for word', () => {
    const one = v.safeParse(v.pipe(v.string(), singleLine('Campaign name')), 'Clean\u202EWater');
    expect(one.issues?.[0]?.message).toBe('Campaign name cannot contain line breaks or hidden characters.');
    expect(singleLineMessage('Legal name')).toBe(
      'Legal name cannot contain line breaks or hidden characters.',
    );
    const many = v.safeParse(v.pipe(v.string(), multiLine('Story')), 'A\u0000B');
    expect(many.issues?.[0]?.message).toBe(multiLineMessage('Story'));
    expect(multiLineMessage('Story')).toBe(
      'Story cannot contain hidden control or text-direction characters.',
    );
  });

  it('is asked by the campaign name and the story, and by the organisation legal name', () => {
    const named = v.safeParse(editCampaignSchema, { name: 'Clean\r\nBcc: water' });
    expect(named.issues?.map((i) => i.message)).toContain(singleLineMessage('Campaign name'));
    const story = v.safeParse(editCampaignSchema, { name: 'Clean water', story: '<p>One</p>\n<p>Two</p>' });
    expect(story.success).toBe(true);
    const legal = v.safeParse(registerOrganisationSchema, { legalName: 'Themba\u200B Care' });
    expect(legal.issues?.map((i) => i.message)).toContain(singleLineMessage('Legal name'));
  });
});

describe('the number rule', () => {
  it('takes decimal numbers only', () => {
    expect(decimalNumber('12')).toBe(12);
    expect(decimalNumber('-3')).toBe(-3);
    expect(decimalNumber('12.50')).toBe(12.5);
    for (const text of [
      '0x10',
      '1e3',
      ' 12 ',
      '12 ',
      'Infinity',
      '-Infinity',
      '12abc',
      '0b11',
      '1_000',
      '.',
      '12.',
      '',
    ])
      expect(decimalNumber(text), JSON.stringify(text)).toBeNaN();
  });

  it('refuses 0x10, 1e3, spaces and Infinity in a form field with the field message', () => {
    const schema = nullableNumber(CAMPAIGN_MESSAGES.target);
    for (const text of ['0x10', '1e3', ' 12 ', 'Infinity', '12abc'])
      expect(v.safeParse(schema, text).issues?.[0]?.message, text).toBe(CAMPAIGN_MESSAGES.target);
    expect(v.parse(schema, '1500.50')).toBe(1500.5);
    expect(v.parse(schema, 1500)).toBe(1500);
    expect(v.parse(schema, '')).toBeNull();
  });
});

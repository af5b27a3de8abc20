import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '~/lib/server/db/schema';
import { PERSONAL_DATA } from '~/lib/server/privacy/personalData';
import { namesUser, personalValuesOf, scrubJson, scrubText } from '~/lib/server/privacy/personalValues';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

describe('the map of where a user’s data lives (privacy/personalData.ts)', () => {
  it('decides on every table of the schema, and names no table that is not there', () => {
    const names = tables.map((table) => table.name).sort();
    expect(names.length).toBeGreaterThan(40);
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(names);
  });

  it('exports every table whose foreign key points at users', () => {
    const pointing = tables
      .filter((table) =>
        table.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users'),
      )
      .map((table) => table.name);
    expect(pointing).toEqual(
      expect.arrayContaining(['donations', 'campaigns', 'audit_log', 'donation_receipts']),
    );
    for (const name of pointing) expect(PERSONAL_DATA[name]?.exported, name).not.toBe('—');
  });
});

describe('taking a user’s values out of what must stay', () => {
  const values = personalValuesOf({
    distinctive: ['Thandi@Example.org', '+27821234567', 'Thandi Mokoena', 'Li'],
    exact: ['Thandi', 'Mokoena', '7700'],
  });

  it('finds long values inside text, short values and single names only as a whole', () => {
    expect(namesUser('Paid by THANDI@example.org', values)).toBe(true);
    expect(namesUser('thandi', values)).toBe(true);
    expect(namesUser('li', values)).toBe(true);
    expect(namesUser('Thandiwe Zulu', values)).toBe(false);
    expect(namesUser('Limpopo 7700 Road', values)).toBe(false);
  });

  it('blanks the strings of JSON that name the user, and the keys asked for, keeping the rest', () => {
    const payload = {
      name_first: 'Thandi',
      email_address: 'thandi@example.org',
      item_name: 'Gift from Thandi Mokoena',
      amount_gross: '250.00',
      cells: ['+27821234567', 'other'],
      nested: { address: '10.0.0.7', zip: '7700' },
    };
    expect(scrubJson(payload, values, ['address'])).toEqual({
      name_first: '',
      email_address: '',
      item_name: '',
      amount_gross: '250.00',
      cells: ['', 'other'],
      nested: { address: '', zip: '' },
    });
  });

  it('replaces the user’s values inside free text and keeps the rest readable', () => {
    expect(scrubText('<p>Thank you all, thandi mokoena (call +27821234567)</p>', values)).toBe(
      '<p>Thank you all, [removed] (call [removed])</p>',
    );
    expect(scrubText('Thandiwe’s school', values)).toBe('Thandiwe’s school');
  });
});

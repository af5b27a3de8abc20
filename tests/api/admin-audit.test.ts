import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryView, AuditPage } from '~/lib/contracts/admin';
import type { BannerPreview } from '~/lib/contracts/platform';
import { southAfricanDate } from '~/lib/dates';
import { type SignedInAccount, send, verifyAndLogin } from './support/accounts';
import {
  demoToken,
  formOf,
  multipart,
  readyCampaign,
  type SavedCampaign,
  uniqueWord,
} from './support/campaigns';
import { baseUrl, expectFailureEnvelope } from './support/http';

// The audit log in words (docs/api/admin.md, "Audit log"): names instead of ids, labels instead of
// numbers, filters by person, kind and days, and the same rows as CSV with formulas neutralised.

const ADMIN_ONLY = 'This page is for Letsema staff only.';
const ADMIN_EMAIL = 'admin@letsema.test';

let admin: string;
let owner: SignedInAccount;
let stranger: SignedInAccount;
let campaign: SavedCampaign;
let ownerLastName: string;
/** Starts with '=': a spreadsheet would run it as a formula. */
let formulaName: string;

const pdf = new TextEncoder().encode('%PDF-1.4\n% a tiny test document\n%%EOF\n');

async function audit(query: string, token = admin): Promise<AuditPage> {
  const res = await send<AuditPage>('GET', `/api/v1/admin/audit?pageSize=100&${query}`, undefined, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** RFC 4180: rows of cells, quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** The CSV download as the browser gets it. */
async function csvOf(query: string): Promise<{ res: Response; text: string }> {
  const res = await fetch(`${baseUrl}/api/v1/admin/audit.csv?${query}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  return { res, text: await res.text() };
}

const dayAfter = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ownerLastName = `Auditee${uniqueWord('')}`;
  formulaName = `=SUM(1,2) Rain tanks ${uniqueWord()}`;
  [admin, owner, stranger] = await Promise.all([
    demoToken('nomvula'),
    verifyAndLogin({ firstName: 'Zanele', lastName: ownerLastName }),
    verifyAndLogin({ firstName: 'Sipho', lastName: 'Stranger' }),
  ]);
  campaign = await readyCampaign(owner.accessToken, { name: formulaName });
  const submitted = await multipart(
    'PATCH',
    `/api/v1/campaigns/${campaign.id}/verification`,
    formOf(
      {
        bankingDetails: {
          accountHolderName: `Zanele ${ownerLastName}`,
          idType: 1,
          idNumber: '8001015009087',
          accountNumber: '62845190273',
          bankCode: '250655',
          accountType: 0,
        },
      },
      [{ name: 'id.pdf', bytes: pdf, type: 'application/pdf' }],
      'identificationDocumentation',
    ),
    owner.accessToken,
  );
  expect(submitted.status, submitted.text).toBe(200);
  const accepted = await send(
    'PATCH',
    `/api/v1/admin/campaigns/${campaign.id}/verification`,
    { accepted: true },
    admin,
  );
  expect(accepted.status, accepted.text).toBe(200);
  const featured = await send('PATCH', `/api/v1/admin/campaigns/${campaign.id}`, { featured: true }, admin);
  expect(featured.status, featured.text).toBe(200);
});

const entryOf = (entries: AuditEntryView[], action: string): AuditEntryView => {
  const entry = entries.find((e) => e.action === action);
  if (!entry) throw new Error(`no ${action} entry among ${entries.map((e) => e.action).join(', ')}`);
  return entry;
};

describe('the audit log reads as words', () => {
  it('names the actor and the campaign, and labels the action and the statuses', async () => {
    const { items } = await audit(`entity=campaign&entityId=${campaign.id}`);
    const decision = entryOf(items, 'admin-campaign-verification-accept');
    expect(decision).toMatchObject({
      actorName: 'Nomvula Dlamini',
      actorEmail: ADMIN_EMAIL,
      actionLabel: 'Accepted the campaign’s verification',
      entityLabel: 'Campaign',
      entityName: formulaName,
    });
    expect(decision.changes).toEqual(
      expect.arrayContaining([
        { field: 'Verified', before: 'No', after: 'Yes' },
        { field: 'Banking details status', before: 'Pending', after: 'Accepted' },
      ]),
    );
    // No raw ids or numbers among the words.
    expect(JSON.stringify(decision.changes)).not.toMatch(/requestStatus|"[0-9]"|[0-9a-f]{8}-[0-9a-f]{4}-/);

    const featured = entryOf(items, 'admin-campaign-update');
    expect(featured.actionLabel).toBe('Changed the campaign');
    expect(featured.changes).toEqual([{ field: 'Featured', before: 'No', after: 'Yes' }]);

    const created = entryOf(items, 'campaign-create');
    expect(created).toMatchObject({
      actorName: `Zanele ${ownerLastName}`,
      actionLabel: 'Created the campaign',
    });
  });

  it('names a person the entry is about', async () => {
    const { items } = await audit(`entity=user&entityId=${owner.id}&action=register`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ entityLabel: 'User', entityName: `Zanele ${ownerLastName}` });
  });
});

describe('the audit log’s filters', () => {
  it('by person: part of the name or the email', async () => {
    const byOwner = await audit(`actor=${ownerLastName.toLowerCase()}`);
    expect(byOwner.items.length).toBeGreaterThan(0);
    expect(byOwner.items.every((e) => e.actorEmail === owner.email)).toBe(true);
    const byAdmin = await audit(`actor=${ADMIN_EMAIL}&entityId=${campaign.id}`);
    expect(byAdmin.items.map((e) => e.action).sort()).toEqual([
      'admin-campaign-update',
      'admin-campaign-verification-accept',
    ]);
  });

  it('by kind: an action, or an entity', async () => {
    const byAction = await audit(`action=admin-campaign-update&entityId=${campaign.id}`);
    expect(byAction.items.map((e) => e.action)).toEqual(['admin-campaign-update']);
    const everything = await audit(`actor=${ownerLastName}`);
    expect(new Set(everything.items.map((e) => e.entity))).toEqual(new Set(['user', 'campaign']));
    const campaignsOnly = await audit(`actor=${ownerLastName}&entity=campaign`);
    expect(campaignsOnly.items.length).toBeGreaterThan(0);
    expect(campaignsOnly.items.length).toBeLessThan(everything.items.length);
    expect(campaignsOnly.items.every((e) => e.entity === 'campaign')).toBe(true);
  });

  it('by South African days, both ends included', async () => {
    const all = await audit(`actor=${ownerLastName}`);
    const newest = all.items[0];
    if (!newest) throw new Error('no entries');
    const day = southAfricanDate(newest.at);
    const thatDay = await audit(`actor=${ownerLastName}&from=${day}&to=${day}`);
    expect(thatDay.items.map((e) => e.id)).toContain(newest.id);
    const after = await audit(`actor=${ownerLastName}&from=${dayAfter(day, 1)}`);
    expect(after.items.map((e) => e.id)).not.toContain(newest.id);
    const before = await audit(`actor=${ownerLastName}&to=${dayAfter(day, -1)}`);
    expect(before.items.map((e) => e.id)).not.toContain(newest.id);
  });

  it('refuses a date that is not a day, and an end before the start', async () => {
    const bad = await send('GET', '/api/v1/admin/audit?from=2026-02-30', undefined, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ from: ['Please enter the date as YYYY-MM-DD.'] });
    const reversed = await send('GET', '/api/v1/admin/audit?from=2026-03-02&to=2026-03-01', undefined, admin);
    expect(reversed.status).toBe(400);
    expect(reversed.body.data).toEqual({ to: ['The end date cannot be before the start date.'] });
  });
});

describe('the audit log as CSV', () => {
  it('has a header and the listing’s rows, with a formula cell neutralised', async () => {
    const listing = await audit(`entityId=${campaign.id}`);
    const { res, text } = await csvOf(`entityId=${campaign.id}`);
    expect(res.status, text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="letsema-audit-log-.+\.csv"$/,
    );
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['When', 'Who', 'Email', 'Action', 'Kind', 'Name', 'Id', 'Changes', 'Notes']);
    expect(rows.map((r) => r[3])).toEqual(listing.items.map((e) => e.actionLabel));
    expect(rows.map((r) => r[1])).toEqual(listing.items.map((e) => e.actorName));
    // The campaign's name starts with '=': the cell starts with an apostrophe, so no spreadsheet runs it.
    expect(rows.every((r) => r[5] === `'${formulaName}`)).toBe(true);
    expect(text).not.toMatch(/(^|,)"?=SUM/m);
    const decision = rows.find((r) => r[3] === 'Accepted the campaign’s verification');
    expect(decision?.[7]).toContain('Banking details status: Pending → Accepted');
  });

  it('filters as the listing does', async () => {
    const { res, text } = await csvOf(`entityId=${campaign.id}&action=admin-campaign-update`);
    expect(res.status, text).toBe(200);
    const [, ...rows] = parseCsv(text);
    expect(rows.map((r) => r[3])).toEqual(['Changed the campaign']);
    expect(rows[0]?.[7]).toBe('Featured: No → Yes');
  });
});

describe('the banner editor’s preview', () => {
  it('answers what saving would keep, and stores nothing', async () => {
    const before = await send('GET', '/api/v1/admin/banner', undefined, admin);
    const res = await send<BannerPreview>(
      'POST',
      '/api/v1/admin/banner/preview',
      { message: '<strong>Tonight</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a>' },
      admin,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.message).toBe(
      '<strong>Tonight</strong> <a rel="noopener noreferrer" target="_blank">x</a>',
    );
    const after = await send('GET', '/api/v1/admin/banner', undefined, admin);
    expect(after.body.data).toEqual(before.body.data);
  });
});

describe('who may read the audit log', () => {
  const CALLS: [method: string, path: string, body?: unknown][] = [
    ['GET', '/api/v1/admin/audit'],
    ['GET', '/api/v1/admin/audit.csv'],
    ['POST', '/api/v1/admin/banner/preview', { message: '<b>Hi</b>' }],
  ];

  it('answers 401 to a visitor and 403 to a signed-in user who is not staff', async () => {
    for (const [method, path, body] of CALLS) {
      const visitor = await send(method, path, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const user = await send(method, path, body, stranger.accessToken);
      expect(user.status, `${method} ${path}`).toBe(403);
      expectFailureEnvelope(user.body);
      expect(user.body.meta.message).toBe(ADMIN_ONLY);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TYPE_LABELS,
  campaignTimeDisplay,
  campaignTypeOf,
  formatLocalShortDuration,
  isNotLaunched,
  progressPercent,
} from '~/lib/campaignDisplay';
import { formatShortDate, formatShortDuration } from '~/lib/dates';
import { CampaignStatus, OrgUserRole } from '~/lib/enums';

const organisation = { id: 'org-1', legalName: 'Ubuntu Trust', url: 'ubuntu-trust' };

describe('campaign type', () => {
  it('is Bluetick for funding type 1 without an organisation', () => {
    expect(campaignTypeOf({ fundingType: 1, organisation: null, ownerOrgRole: null })).toBe('bluetick');
  });
  it('is Independent for any other funding type without an organisation', () => {
    expect(campaignTypeOf({ fundingType: 0, organisation: null, ownerOrgRole: null })).toBe('independent');
  });
  it('is Organisation with an organisation whose owner is not a champion, whatever the funding type', () => {
    for (const role of [OrgUserRole.Owner, OrgUserRole.Admin, OrgUserRole.Editor, null]) {
      expect(campaignTypeOf({ fundingType: 1, organisation, ownerOrgRole: role })).toBe('organisation');
    }
  });
  it('is Champion with an organisation and the champion owner role', () => {
    expect(campaignTypeOf({ fundingType: 0, organisation, ownerOrgRole: OrgUserRole.Champion })).toBe(
      'champion',
    );
  });
  it('has a label for every type', () => {
    expect(CAMPAIGN_TYPE_LABELS).toEqual({
      bluetick: 'Bluetick campaign',
      independent: 'Independent campaign',
      organisation: 'Organisation campaign',
      champion: 'Champion campaign',
    });
  });
});

describe('campaign time display', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  const active = { status: CampaignStatus.Active, startDate: '2026-01-01T00:00:00Z' };

  it('shows the time to the end in abbreviated units', () => {
    const cases: [string, string][] = [
      ['2026-03-05T10:00:45Z', '45 sec'],
      ['2026-03-05T10:12:30Z', '12 min'],
      ['2026-03-05T13:00:00Z', '3 hr'],
      ['2026-03-06T10:00:00Z', '1 day'],
      ['2026-03-10T11:00:00Z', '5 days'],
      ['2026-03-26T10:00:00Z', '3 wk'],
      ['2027-06-05T10:00:00Z', '1 yr'],
      ['2029-03-05T10:00:00Z', '3 yr'],
    ];
    for (const [endDate, value] of cases) {
      expect(campaignTimeDisplay({ ...active, endDate }, now)).toEqual({ label: 'Time left', value });
    }
  });
  it("shows 'Starts in:' before the start date", () => {
    const display = campaignTimeDisplay(
      { status: CampaignStatus.Active, startDate: '2026-03-07T10:00:00Z', endDate: '2026-04-01T00:00:00Z' },
      now,
    );
    expect(display).toEqual({ label: 'Starts in:', value: '2 days' });
  });
  it("shows 'Open' without an end date", () => {
    expect(campaignTimeDisplay({ ...active, endDate: null }, now)).toEqual({
      label: 'Time left',
      value: 'Open',
    });
  });
  it("shows '0 days' once the end date has passed", () => {
    expect(campaignTimeDisplay({ ...active, endDate: '2026-03-01T00:00:00Z' }, now).value).toBe('0 days');
  });
  it("shows '0 days' for expired and closed campaigns, even before their end date", () => {
    for (const status of [CampaignStatus.Expired, CampaignStatus.Closed]) {
      expect(campaignTimeDisplay({ status, startDate: null, endDate: '2026-12-01T00:00:00Z' }, now)).toEqual({
        label: 'Time left',
        value: '0 days',
      });
    }
  });
});

describe('progress', () => {
  it('is total raised against the target with 2 decimals', () => {
    expect(progressPercent(1250, 10000)).toBe('12.50');
    expect(progressPercent(1, 3)).toBe('33.33');
    expect(progressPercent(2, 3)).toBe('66.67');
    expect(progressPercent(0, 5000)).toBe('0.00');
    expect(progressPercent(15000, 10000)).toBe('150.00');
  });
  it('is 0.00 without a target', () => {
    expect(progressPercent(500, 0)).toBe('0.00');
  });
});

describe('not launched marker', () => {
  it('shows for unpublished campaigns that are not expired or closed', () => {
    expect(isNotLaunched({ published: false, status: CampaignStatus.Active })).toBe(true);
    expect(isNotLaunched({ published: false, status: CampaignStatus.Hidden })).toBe(true);
    expect(isNotLaunched({ published: false, status: CampaignStatus.Expired })).toBe(false);
    expect(isNotLaunched({ published: false, status: CampaignStatus.Closed })).toBe(false);
    expect(isNotLaunched({ published: true, status: CampaignStatus.Active })).toBe(false);
  });
});

describe("DD MMM 'YY dates", () => {
  it('formats in South African time', () => {
    expect(formatShortDate('2026-03-05T08:00:00Z')).toBe("05 Mar '26");
    // 23:30 UTC on 31 Dec is already 1 January in Johannesburg.
    expect(formatShortDate('2025-12-31T23:30:00Z')).toBe("01 Jan '26");
    expect(formatShortDate(new Date('2009-09-15T12:00:00Z'))).toBe("15 Sep '09");
  });
  it('is empty for missing or invalid dates', () => {
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate('not a date')).toBe('');
  });
  it('abbreviates durations below a second as one second', () => {
    expect(formatShortDuration(0)).toBe('1 sec');
  });
  it('tells a duration in the largest whole unit, alike in English and in the page language', () => {
    const minute = 60_000;
    const day = 24 * 60 * minute;
    const spans = [59_999, 2 * minute, 3 * 60 * minute, day, 5 * day, 15 * day, 800 * day];
    const expected = ['59 sec', '2 min', '3 hr', '1 day', '5 days', '2 wk', '2 yr'];
    expect(spans.map(formatShortDuration)).toEqual(expected);
    expect(spans.map(formatLocalShortDuration)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_CATEGORY_NAMES,
  CampaignStatus,
  campaignStatusLabel,
  PaymentGateway,
  RecurringDuration,
} from '~/lib/enums';

describe('campaignStatusLabel', () => {
  it('labels the four SPEC statuses', () => {
    expect(campaignStatusLabel(CampaignStatus.Active)).toBe('Active');
    expect(campaignStatusLabel(CampaignStatus.Hidden)).toBe('Hidden');
    expect(campaignStatusLabel(CampaignStatus.Expired)).toBe('Expired');
    expect(campaignStatusLabel(CampaignStatus.Closed)).toBe('Closed');
  });

  it("shows 'Unknown' for any other value", () => {
    expect(campaignStatusLabel(4)).toBe('Unknown');
    expect(campaignStatusLabel(-1)).toBe('Unknown');
  });
});

describe('SPEC §3 numbering', () => {
  it('numbers payment gateways in SPEC order, PayFast last at 8', () => {
    expect(Object.values(PaymentGateway)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(PaymentGateway.PayFast).toBe(8);
  });

  it('has recurring durations 0–5 and 17 campaign categories', () => {
    expect(RecurringDuration.TwentyFourMonths).toBe(5);
    expect(Object.keys(CAMPAIGN_CATEGORY_NAMES)).toHaveLength(17);
  });
});

-- SnapScan (payment method 5) per campaign: campaignSetting.showGateways.snapscan. On by
-- default like the other South African gateways (PayFast, Ozow); offered for rand only.
ALTER TABLE "campaign_settings" ADD COLUMN "show_snapscan" boolean DEFAULT true NOT NULL;

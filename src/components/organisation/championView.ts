/**
 * How the organisation page lists a champion, shared by the page and the
 * champions island (so it stays free of heavy imports).
 */

import { donorsText } from '~/lib/campaignDisplay';
import type { Champion } from '~/lib/contracts/organisations';
import { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { fullName, initialsOf } from '~/lib/people';

export interface ChampionView {
  key: string;
  name: string;
  initials: string;
  image: string | null;
  /** 'R 1 250.00 raised from 4 donors'. */
  raisedText: string;
  campaignsText: string;
}

/** "1 campaign", "4 campaigns" (in the page's language). */
export function campaignsText(count: number): string {
  return m.organisation_campaigns_count({ count });
}

/** A champion as the page lists them: "2 campaigns for Siyakhula Education Trust". */
export function toChampionView(champion: Champion, organisationName: string): ChampionView {
  return {
    key: champion.userId,
    name: fullName(champion),
    initials: initialsOf(champion),
    image: champion.image,
    raisedText: m.organisation_champion_raised({
      amount: formatMoney(champion.raised, Currency.Rand),
      donors: donorsText(champion.donors),
    }),
    campaignsText: m.organisation_champion_campaigns_for({
      count: champion.totalCampaigns,
      name: organisationName,
    }),
  };
}

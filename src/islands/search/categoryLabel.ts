import { CAMPAIGN_CATEGORY_NAMES, type CampaignCategory } from '~/lib/enums';
import { m } from '~/lib/i18n';

/**
 * A campaign category's name in the page's language, by its id; a category SPEC §3 does not list
 * (or one renamed in the database) keeps the name it is stored with. Apart from src/lib/enums.ts,
 * which the database schema loads and so stays free of the messages.
 */
export function campaignCategoryLabel(category: { id: number; name: string }): string {
  const labels: Readonly<Record<CampaignCategory, () => string>> = {
    0: m.search_category_0,
    1: m.search_category_1,
    2: m.search_category_2,
    3: m.search_category_3,
    4: m.search_category_4,
    5: m.search_category_5,
    6: m.search_category_6,
    7: m.search_category_7,
    8: m.search_category_8,
    9: m.search_category_9,
    10: m.search_category_10,
    11: m.search_category_11,
    12: m.search_category_12,
    13: m.search_category_13,
    14: m.search_category_14,
    15: m.search_category_15,
    16: m.search_category_16,
  };
  const id = category.id as CampaignCategory;
  return Object.hasOwn(labels, id) && CAMPAIGN_CATEGORY_NAMES[id] === category.name
    ? labels[id]()
    : category.name;
}

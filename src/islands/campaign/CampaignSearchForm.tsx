import type { ReactElement } from 'react';
import { SearchForm } from '~/islands/search/SearchForm';
import { CheckboxFilter, SearchSelect } from '~/islands/search/searchFields';
import type { IdName } from '~/lib/contracts/lookups';
import { m } from '~/lib/i18n';
import {
  type CampaignSearchQuery,
  FIND_CAMPAIGN_ORDERS,
  findCampaignOrderLabels,
} from '~/lib/search/findCampaign';
import { campaignSearch } from '~/stores/search';

/** An event a search may be narrowed to, named by the slug of its page. */
export interface EventChoice {
  slug: string;
  name: string;
}

interface Props {
  initial: CampaignSearchQuery;
  categories: IdName[];
  events: EventChoice[];
}

/** 'Any event', then the events; an event the address names that is no longer offered stays shown by its slug. */
function eventOptions(
  events: readonly EventChoice[],
  chosen: string,
): { value: string; label: string; userContent?: boolean }[] {
  const options = events.map((event) => ({ value: event.slug, label: event.name, userContent: true }));
  const missing = chosen !== '' && !events.some((event) => event.slug === chosen);
  return [
    { value: '', label: m.search_any_event() },
    ...options,
    ...(missing ? [{ value: chosen, label: chosen, userContent: true }] : []),
  ];
}

/** The Campaigns tab's search form: words, place, event and sort, and the categories under them. */
export default function CampaignSearchForm({ initial, categories, events }: Props): ReactElement {
  return (
    <SearchForm
      tab="campaigns"
      search={campaignSearch}
      initial={initial}
      label={m.search_campaigns_form()}
      placeholder={m.search_campaign_placeholder()}
      orders={FIND_CAMPAIGN_ORDERS}
      orderLabels={findCampaignOrderLabels()}
      widths={{ place: 'md:w-56', sort: 'md:w-44' }}
      filter={({ query, run }) => (
        <CheckboxFilter
          title={m.search_categories()}
          name="campaignCategoryIds"
          options={categories}
          chosen={query.campaignCategoryIds}
          onChange={(campaignCategoryIds) => run({ ...query, campaignCategoryIds })}
        />
      )}
    >
      {({ query, run }) =>
        events.length > 0 || query.event !== '' ? (
          <SearchSelect
            label={m.search_event()}
            name="event"
            value={query.event}
            options={eventOptions(events, query.event)}
            onChange={(event) => run({ ...query, event })}
            className="md:w-48"
          />
        ) : null
      }
    </SearchForm>
  );
}

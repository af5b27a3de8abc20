import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import {
  CheckboxFilter,
  SearchFormShell,
  SearchSelect,
  SortSelect,
  TextAndPlaceFields,
} from '~/islands/search/searchFields';
import { useSearchQuery } from '~/islands/search/useSearchQuery';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { IdName } from '~/lib/contracts/lookups';
import { m } from '~/lib/i18n';
import {
  $campaignSearch,
  type CampaignSearchQuery,
  FIND_CAMPAIGN_ORDERS,
  findCampaignHref,
  findCampaignOrderLabels,
  parseCampaignSearch,
  searchCampaigns,
} from '~/stores/search';

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

function SearchForm({ initial, categories, events }: Props): ReactElement {
  const form = useSearchQuery(initial, {
    hrefOf: findCampaignHref,
    parse: parseCampaignSearch,
    search: searchCampaigns,
  });
  const { query, run } = form;
  const { loading } = useStore($campaignSearch);

  return (
    <SearchFormShell
      label={m.search_campaigns_form()}
      loading={loading}
      onSubmit={form.submit}
      filter={
        <CheckboxFilter
          title={m.search_categories()}
          name="campaignCategoryIds"
          options={categories}
          chosen={query.campaignCategoryIds}
          onChange={(campaignCategoryIds) => run({ ...query, campaignCategoryIds })}
        />
      }
    >
      <TextAndPlaceFields
        form={form}
        placeholder={m.search_campaign_placeholder()}
        placeClassName="md:w-56"
      />
      {events.length > 0 || query.event !== '' ? (
        <SearchSelect
          label={m.search_event()}
          name="event"
          value={query.event}
          options={eventOptions(events, query.event)}
          onChange={(event) => run({ ...query, event })}
          className="md:w-48"
        />
      ) : null}
      <SortSelect
        orders={FIND_CAMPAIGN_ORDERS}
        labels={findCampaignOrderLabels()}
        value={query.orderBy}
        onChange={(orderBy) => run({ ...query, orderBy })}
        className="md:w-44"
      />
    </SearchFormShell>
  );
}

/**
 * The /find-campaign search form: a plain GET form without JavaScript; with it,
 * searches in place (SPEC §4: a fresh search clears the results) and keeps the address shareable.
 */
export default function CampaignSearchForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchForm {...props} />
    </IslandErrorBoundary>
  );
}

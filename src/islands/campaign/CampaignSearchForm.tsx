import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import {
  CheckboxFilter,
  SearchFormShell,
  SearchSelect,
  TextAndPlaceFields,
} from '~/islands/search/searchFields';
import { useSearchQuery } from '~/islands/search/useSearchQuery';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { IdName } from '~/lib/contracts/lookups';
import {
  $campaignSearch,
  type CampaignSearchQuery,
  FIND_CAMPAIGN_ORDER_LABELS,
  FIND_CAMPAIGN_ORDERS,
  type FindCampaignOrder,
  findCampaignHref,
  parseCampaignSearch,
  searchCampaigns,
} from '~/stores/search';

interface Props {
  initial: CampaignSearchQuery;
  categories: IdName[];
}

const ORDER_OPTIONS = FIND_CAMPAIGN_ORDERS.map((order) => ({
  value: order,
  label: FIND_CAMPAIGN_ORDER_LABELS[order],
}));

function SearchForm({ initial, categories }: Props): ReactElement {
  const form = useSearchQuery(initial, {
    hrefOf: findCampaignHref,
    parse: parseCampaignSearch,
    search: searchCampaigns,
  });
  const { query, run } = form;
  const { loading } = useStore($campaignSearch);

  return (
    <SearchFormShell
      label="Search campaigns"
      loading={loading}
      onSubmit={form.submit}
      filter={
        <CheckboxFilter
          title="Categories"
          name="campaignCategoryIds"
          options={categories}
          chosen={query.campaignCategoryIds}
          onChange={(campaignCategoryIds) => run({ ...query, campaignCategoryIds })}
        />
      }
    >
      <TextAndPlaceFields
        form={form}
        placeholder="Name or story, e.g. school shoes"
        placeClassName="md:w-56"
      />
      <SearchSelect
        label="Sort by"
        name="orderBy"
        value={query.orderBy}
        options={ORDER_OPTIONS}
        onChange={(orderBy) => run({ ...query, orderBy: orderBy as FindCampaignOrder })}
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

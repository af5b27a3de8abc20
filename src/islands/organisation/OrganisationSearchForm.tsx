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
import {
  $organisationSearch,
  FIND_ORGANISATION_ORDER_LABELS,
  FIND_ORGANISATION_ORDERS,
  findOrganisationHref,
  type OrganisationSearchQuery,
  parseOrganisationSearch,
  searchOrganisations,
} from '~/stores/organisationSearch';

interface Props {
  initial: OrganisationSearchQuery;
  types: IdName[];
  sectors: IdName[];
}

function SearchForm({ initial, types, sectors }: Props): ReactElement {
  const form = useSearchQuery(initial, {
    hrefOf: findOrganisationHref,
    parse: parseOrganisationSearch,
    search: searchOrganisations,
  });
  const { query, run } = form;
  const { loading } = useStore($organisationSearch);

  return (
    <SearchFormShell
      label="Search organisations"
      tab="organisations"
      loading={loading}
      onSubmit={form.submit}
      filter={
        <CheckboxFilter
          title="Sectors"
          name="organizationSectorIds"
          options={sectors}
          chosen={query.organizationSectorIds}
          onChange={(organizationSectorIds) => run({ ...query, organizationSectorIds })}
        />
      }
    >
      <TextAndPlaceFields
        form={form}
        placeholder="Name, keyword or description, e.g. tutoring"
        placeClassName="md:w-48"
      />
      <SearchSelect
        label="Type"
        name="organizationTypeIds"
        value={query.organizationTypeIds[0] ?? ''}
        options={[
          { value: '', label: 'All types' },
          ...types.map(({ id, name }) => ({ value: id, label: name })),
        ]}
        onChange={(type) => run({ ...query, organizationTypeIds: type ? [Number(type)] : [] })}
        className="md:w-48"
      />
      <SortSelect
        orders={FIND_ORGANISATION_ORDERS}
        labels={FIND_ORGANISATION_ORDER_LABELS}
        value={query.orderBy}
        onChange={(orderBy) => run({ ...query, orderBy })}
        className="md:w-40"
      />
    </SearchFormShell>
  );
}

/**
 * The Organisations tab's search form: a plain GET form without JavaScript; with it,
 * searches in place (SPEC §4: a fresh search replaces the results) and keeps the address shareable.
 */
export default function OrganisationSearchForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <SearchForm {...props} />
    </IslandErrorBoundary>
  );
}

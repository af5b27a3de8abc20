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
  $organisationSearch,
  FIND_ORGANISATION_ORDERS,
  findOrganisationHref,
  findOrganisationOrderLabels,
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
      label={m.search_organisations_form()}
      tab="organisations"
      loading={loading}
      onSubmit={form.submit}
      filter={
        <CheckboxFilter
          title={m.search_sectors()}
          name="organizationSectorIds"
          options={sectors}
          chosen={query.organizationSectorIds}
          onChange={(organizationSectorIds) => run({ ...query, organizationSectorIds })}
        />
      }
    >
      <TextAndPlaceFields
        form={form}
        placeholder={m.search_organisation_placeholder()}
        placeClassName="md:w-48"
      />
      <SearchSelect
        label={m.search_type()}
        name="organizationTypeIds"
        value={query.organizationTypeIds[0] ?? ''}
        options={[
          { value: '', label: m.search_all_types() },
          ...types.map(({ id, name }) => ({ value: id, label: name })),
        ]}
        onChange={(type) => run({ ...query, organizationTypeIds: type ? [Number(type)] : [] })}
        className="md:w-48"
      />
      <SortSelect
        orders={FIND_ORGANISATION_ORDERS}
        labels={findOrganisationOrderLabels()}
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

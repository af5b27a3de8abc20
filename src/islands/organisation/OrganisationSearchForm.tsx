import type { ReactElement } from 'react';
import { SearchForm } from '~/islands/search/SearchForm';
import { CheckboxFilter, SearchSelect } from '~/islands/search/searchFields';
import type { IdName } from '~/lib/contracts/lookups';
import { m } from '~/lib/i18n';
import {
  FIND_ORGANISATION_ORDERS,
  findOrganisationOrderLabels,
  type OrganisationSearchQuery,
} from '~/lib/search/findCampaign';
import { organisationSearch } from '~/stores/search';

interface Props {
  initial: OrganisationSearchQuery;
  types: IdName[];
  sectors: IdName[];
}

/** The Organisations tab's search form: words, place, type and sort, and the sectors under them. */
export default function OrganisationSearchForm({ initial, types, sectors }: Props): ReactElement {
  return (
    <SearchForm
      tab="organisations"
      search={organisationSearch}
      initial={initial}
      label={m.search_organisations_form()}
      placeholder={m.search_organisation_placeholder()}
      orders={FIND_ORGANISATION_ORDERS}
      orderLabels={findOrganisationOrderLabels()}
      widths={{ place: 'md:w-48', sort: 'md:w-40' }}
      filter={({ query, run }) => (
        <CheckboxFilter
          title={m.search_sectors()}
          name="organizationSectorIds"
          options={sectors}
          chosen={query.organizationSectorIds}
          onChange={(organizationSectorIds) => run({ ...query, organizationSectorIds })}
        />
      )}
    >
      {({ query, run }) => (
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
      )}
    </SearchForm>
  );
}

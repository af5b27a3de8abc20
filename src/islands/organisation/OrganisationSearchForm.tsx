import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, type ReactNode, useId } from 'react';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { IdName } from '~/lib/contracts/lookups';
import { SA_PROVINCES } from '~/lib/provinces';
import type { OrganisationOrder } from '~/lib/schemas/organisationSearch';
import {
  $organisationSearch,
  FIND_ORGANISATION_ORDER_LABELS,
  FIND_ORGANISATION_ORDERS,
  type OrganisationSearchQuery,
} from '~/stores/organisationSearch';
import { useOrganisationSearchQuery } from './useOrganisationSearchQuery';

interface Props {
  initial: OrganisationSearchQuery;
  types: IdName[];
  sectors: IdName[];
}

/** A control with its label above it; `className` sets its share of the row. */
function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string;
  children: ReactNode;
}): ReactElement {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The sector checkboxes, folded away until one is chosen. */
function SectorFilter({
  sectors,
  chosen,
  onToggle,
}: {
  sectors: readonly IdName[];
  chosen: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
}): ReactElement {
  return (
    <details className="rounded-md border border-gray-200 px-3 py-2" open={chosen.length > 0}>
      <summary className="cursor-pointer text-sm font-semibold">
        Sectors{chosen.length > 0 ? ` (${chosen.length} chosen)` : ''}
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">Sectors</legend>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {sectors.map((sector) => (
            <label key={sector.id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="organizationSectorIds"
                value={sector.id}
                checked={chosen.includes(sector.id)}
                onChange={(e) => onToggle(sector.id, e.target.checked)}
                className="h-4 w-4 accent-brand"
              />
              {sector.name}
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

function SearchForm({ initial, types, sectors }: Props): ReactElement {
  const { query, setQuery, run } = useOrganisationSearchQuery(initial);
  const { loading } = useStore($organisationSearch);
  const ids = { text: useId(), place: useId(), type: useId(), order: useId(), provinces: useId() };

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    run({ ...query, searchText: query.searchText.trim(), address: query.address.trim() });
  };

  const toggleSector = (id: number, checked: boolean): void => {
    const chosen = new Set(query.organizationSectorIds);
    if (checked) chosen.add(id);
    else chosen.delete(id);
    run({ ...query, organizationSectorIds: [...chosen].sort((a, b) => a - b) });
  };

  const chooseType = (value: string): void => {
    run({ ...query, organizationTypeIds: value ? [Number(value)] : [] });
  };

  return (
    <search aria-label="Search organisations">
      <form method="get" action="/find-campaign" className="flex flex-col gap-3" onSubmit={submit}>
        <input type="hidden" name="tab" value="organisations" />
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <Labelled id={ids.text} label="Search" className="flex-1">
            <input
              id={ids.text}
              type="search"
              name="searchText"
              maxLength={100}
              placeholder="Name, keyword or description, e.g. tutoring"
              value={query.searchText}
              onChange={(e) => setQuery({ ...query, searchText: e.target.value })}
              className="h-11 w-full rounded-md border border-gray-300 px-3"
            />
          </Labelled>
          <Labelled id={ids.place} label="Location" className="md:w-48">
            <input
              id={ids.place}
              type="text"
              name="address"
              maxLength={100}
              list={ids.provinces}
              placeholder="City or province"
              value={query.address}
              onChange={(e) => setQuery({ ...query, address: e.target.value })}
              className="h-11 w-full rounded-md border border-gray-300 px-3"
            />
            <datalist id={ids.provinces}>
              {SA_PROVINCES.map((province) => (
                <option key={province} value={province} />
              ))}
            </datalist>
          </Labelled>
          <Labelled id={ids.type} label="Type" className="md:w-48">
            <select
              id={ids.type}
              name="organizationTypeIds"
              value={query.organizationTypeIds[0] ?? ''}
              onChange={(e) => chooseType(e.target.value)}
              className="h-11 w-full rounded-md border border-gray-300 bg-white px-3"
            >
              <option value="">All types</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id={ids.order} label="Sort by" className="md:w-40">
            <select
              id={ids.order}
              name="orderBy"
              value={query.orderBy}
              onChange={(e) => run({ ...query, orderBy: e.target.value as OrganisationOrder })}
              className="h-11 w-full rounded-md border border-gray-300 bg-white px-3"
            >
              {FIND_ORGANISATION_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {FIND_ORGANISATION_ORDER_LABELS[order]}
                </option>
              ))}
            </select>
          </Labelled>
          <button type="submit" className="btn-primary h-11 px-6" disabled={loading}>
            Search
          </button>
        </div>
        <SectorFilter sectors={sectors} chosen={query.organizationSectorIds} onToggle={toggleSector} />
      </form>
    </search>
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

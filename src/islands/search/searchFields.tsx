import { type ReactElement, type ReactNode, useId } from 'react';
import type { IdName } from '~/lib/contracts/lookups';
import { m } from '~/lib/i18n';
import { provinceLabel, SA_PROVINCES, type SaProvince } from '~/lib/provinces';
import type { TextQuery } from '~/lib/search/findCampaign';
import { SA_PLACES } from '~/lib/search/places';
import type { SearchQueryState } from './useSearchQuery';

const controlClass = 'h-11 w-full rounded-md border border-gray-300 px-3';

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

/**
 * The search text and the place, with the provinces and cities to pick from (a <datalist>, which
 * src/scripts/placeSuggestions.ts turns into a list matching from the first letters); typing does not search yet.
 */
export function TextAndPlaceFields<Q extends TextQuery>({
  form: { query, setQuery },
  placeholder,
  placeClassName,
}: {
  form: SearchQueryState<Q>;
  placeholder: string;
  placeClassName: string;
}): ReactElement {
  const ids = { text: useId(), place: useId(), places: useId() };
  return (
    <>
      <Labelled id={ids.text} label={m.search_search()} className="flex-1">
        <input
          id={ids.text}
          type="search"
          name="searchText"
          maxLength={100}
          placeholder={placeholder}
          value={query.searchText}
          onChange={(e) => setQuery({ ...query, searchText: e.target.value })}
          className={controlClass}
        />
      </Labelled>
      <Labelled id={ids.place} label={m.search_location()} className={placeClassName}>
        <input
          id={ids.place}
          type="text"
          name="address"
          maxLength={100}
          list={ids.places}
          data-place-suggestions
          placeholder={m.search_place_placeholder()}
          value={query.address}
          onChange={(e) => setQuery({ ...query, address: e.target.value })}
          className={controlClass}
        />
        <datalist id={ids.places}>
          {SA_PLACES.map((place) => {
            // The value is what the search looks for (the English name); a name of the page's language shows beside it.
            const label = (SA_PROVINCES as readonly string[]).includes(place)
              ? provinceLabel(place as SaProvince)
              : place;
            return <option key={place} value={place} label={label === place ? undefined : label} />;
          })}
        </datalist>
      </Labelled>
    </>
  );
}

/** A labelled select of the row that searches as soon as it changes. */
export function SearchSelect({
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: string | number;
  /** `userContent`: the label is someone's own words (an event's name), not translated (marked on the select). */
  options: readonly { value: string | number; label: string; userContent?: boolean }[];
  onChange: (value: string) => void;
  className: string;
}): ReactElement {
  const id = useId();
  // Options that are people's words (events' names) are marked on the select, which keeps each
  // <option> as plain as before: the crawl of translated pages skips their labels, not the empty choice.
  const userContent = options.some((option) => option.userContent);
  return (
    <Labelled id={id} label={label} className={className}>
      <select
        id={id}
        name={name}
        data-user-content-options={userContent || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${controlClass} bg-white`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** The 'Sort by' select of a search's orders; a change searches. */
export function SortSelect<O extends string>({
  orders,
  labels,
  value,
  onChange,
  className,
}: {
  orders: readonly O[];
  labels: Readonly<Record<O, string>>;
  value: O;
  onChange: (order: O) => void;
  className: string;
}): ReactElement {
  return (
    <SearchSelect
      label={m.search_sort_by()}
      name="orderBy"
      value={value}
      options={orders.map((order) => ({ value: order, label: labels[order] }))}
      onChange={(order) => onChange(order as O)}
      className={className}
    />
  );
}

/** Checkboxes of lookup values (e.g. categories), folded away until one is chosen; each change searches. */
export function CheckboxFilter({
  title,
  name,
  options,
  chosen,
  onChange,
}: {
  title: string;
  name: string;
  options: readonly IdName[];
  chosen: readonly number[];
  /** The ids chosen after a tick or untick, in order. */
  onChange: (chosen: number[]) => void;
}): ReactElement {
  const toggle = (id: number, checked: boolean): void => {
    const next = new Set(chosen);
    if (checked) next.add(id);
    else next.delete(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <details className="rounded-md border border-gray-200 px-3 py-2" open={chosen.length > 0}>
      <summary className="cursor-pointer text-sm font-semibold">
        {title}
        {chosen.length > 0 ? ` ${m.search_chosen({ count: chosen.length })}` : ''}
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">{title}</legend>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name={name}
                value={option.id}
                checked={chosen.includes(option.id)}
                onChange={(e) => toggle(option.id, e.target.checked)}
                className="h-4 w-4 accent-brand"
              />
              {option.name}
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

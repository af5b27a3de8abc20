import type { ReactElement } from 'react';
import type { IdName } from '~/lib/contracts/lookups';

interface Props {
  categories: readonly IdName[];
  chosen: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
}

/** The search's category checkboxes, folded away until one is chosen. */
export function CategoryFilter({ categories, chosen, onToggle }: Props): ReactElement {
  return (
    <details className="rounded-md border border-gray-200 px-3 py-2" open={chosen.length > 0}>
      <summary className="cursor-pointer text-sm font-semibold">
        Categories{chosen.length > 0 ? ` (${chosen.length} chosen)` : ''}
      </summary>
      <fieldset className="mt-2">
        <legend className="sr-only">Categories</legend>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <label key={category.id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="campaignCategoryIds"
                value={category.id}
                checked={chosen.includes(category.id)}
                onChange={(e) => onToggle(category.id, e.target.checked)}
                className="h-4 w-4 accent-brand"
              />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>
    </details>
  );
}

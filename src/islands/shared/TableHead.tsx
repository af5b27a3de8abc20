import type { ReactElement } from 'react';

/** A column: its heading and the classes of its header cell. */
export type Column = readonly [label: string, className?: string];

/** A table's header row, one `<th scope="col">` a column. */
export function TableHead({
  columns,
  className,
  rowClassName,
}: {
  columns: readonly Column[];
  className?: string;
  rowClassName?: string;
}): ReactElement {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map(([label, cellClass]) => (
          <th key={label} scope="col" className={cellClass}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

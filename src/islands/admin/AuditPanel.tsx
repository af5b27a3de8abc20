import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactElement, useEffect, useId, useState } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { inputClass, labelClass } from '~/islands/form/fieldParts';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import { TableHead } from '~/islands/shared/TableHead';
import type { AuditEntryView, AuditQuery } from '~/lib/api/admin';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditChangeLine, auditNoteLine } from '~/lib/auditLabels';
import { formatSastDateTime } from '~/lib/dates';
import { $auditLog, auditKindQuery, downloadAuditCsv, loadAuditPage } from '~/stores/adminAudit';

const byLabel = (a: [string, string], b: [string, string]): number => a[1].localeCompare(b[1]);
const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).sort(byLabel);
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).sort(byLabel);

// Below sm the table's cells stack into one card per entry, so a phone needs no sideways scroll.
const cellClass = 'block py-1 sm:table-cell sm:py-2 sm:pr-3';

function AuditRow({ entry }: { entry: AuditEntryView }): ReactElement {
  const lines = [...entry.changes.map(auditChangeLine), ...entry.notes.map(auditNoteLine)];
  return (
    <tr className="block border-t border-gray-200 py-2 align-top sm:table-row sm:py-0">
      <td className={`${cellClass} whitespace-nowrap text-ink-muted sm:text-ink`}>
        {formatSastDateTime(entry.at)}
      </td>
      <td className={cellClass}>
        <span className="font-semibold sm:font-normal">{entry.actorName}</span>
        {entry.actorEmail ? (
          <span className="block break-all text-xs text-ink-muted sm:break-normal">{entry.actorEmail}</span>
        ) : null}
      </td>
      <td className={cellClass}>
        <span className="font-semibold">{entry.actionLabel}</span>
        <span className="block">
          {entry.entityLabel}
          {entry.entityName ? `: ${entry.entityName}` : ''}
        </span>
        {entry.entityId ? (
          <span className="block break-all text-xs text-ink-muted">{entry.entityId}</span>
        ) : null}
      </td>
      <td className={`${cellClass} text-sm`}>
        {lines.length ? (
          <ul className="space-y-0.5">
            {[...new Set(lines)].map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-ink-muted">—</span>
        )}
      </td>
    </tr>
  );
}

interface FilterValues {
  actor: string;
  kind: string;
  from: string;
  to: string;
}

const NO_FILTER: FilterValues = { actor: '', kind: '', from: '', to: '' };

const queryOf = (values: FilterValues): AuditQuery => ({
  actor: values.actor.trim(),
  ...auditKindQuery(values.kind),
  from: values.from,
  to: values.to,
});

/** Person, kind and days; the CSV button downloads what the filter keeps. */
function AuditFilterForm({ busy }: { busy: boolean }): ReactElement {
  const [values, setValues] = useState<FilterValues>(NO_FILTER);
  const [downloading, setDownloading] = useState(false);
  const id = useId();
  const set = (key: keyof FilterValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void loadAuditPage(1, queryOf(values));
  };
  const clear = (): void => {
    setValues(NO_FILTER);
    void loadAuditPage(1, {});
  };
  const download = async (): Promise<void> => {
    setDownloading(true);
    await downloadAuditCsv();
    setDownloading(false);
  };

  return (
    <form
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-end"
    >
      <div>
        <label htmlFor={`${id}-actor`} className={labelClass}>
          Person (name or email)
        </label>
        <input
          id={`${id}-actor`}
          type="search"
          className={inputClass}
          maxLength={100}
          value={values.actor}
          onChange={set('actor')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className={labelClass}>
          Kind
        </label>
        <select id={`${id}-kind`} className={inputClass} value={values.kind} onChange={set('kind')}>
          <option value="">Everything</option>
          <optgroup label="Things">
            {ENTITY_OPTIONS.map(([key, label]) => (
              <option key={key} value={`entity:${key}`}>
                {label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Actions">
            {ACTION_OPTIONS.map(([key, label]) => (
              <option key={key} value={`action:${key}`}>
                {label}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={inputClass}
          value={values.from}
          onChange={set('from')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          To
        </label>
        <input id={`${id}-to`} type="date" className={inputClass} value={values.to} onChange={set('to')} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={busy}>
          {busy ? 'Filtering…' : 'Filter'}
        </button>
        <button type="button" className="btn-outline" onClick={clear}>
          Clear
        </button>
        <button
          type="button"
          className="btn-outline disabled:opacity-60 sm:ml-auto"
          disabled={downloading}
          onClick={() => void download()}
        >
          {downloading ? 'Preparing…' : 'Download CSV'}
        </button>
      </div>
    </form>
  );
}

/** The append-only audit log in words, newest first, a page at a time, filtered by person, kind and days. */
export default function AuditPanel(): ReactElement {
  const { page, loading, error } = useStore($auditLog);
  useEffect(() => {
    void loadAuditPage(1, {});
  }, []);

  if (!page) {
    if (error)
      return <LoadFailure message="We could not load the audit log." onRetry={() => void loadAuditPage(1)} />;
    return <SessionPending label="Loading the audit log…" />;
  }

  const { pageNo, pageCount, totalCount } = page.paginationMetadata;
  return (
    <div className="space-y-4">
      <AuditFilterForm busy={loading} />
      {page.items.length === 0 ? (
        <p className="text-ink-muted">No entries match.</p>
      ) : (
        <table className="block w-full text-left text-sm sm:table">
          <caption className="sr-only">Audit log, newest first</caption>
          <TableHead
            className="hidden sm:table-header-group"
            rowClassName="text-ink-muted"
            columns={[
              ['When', 'py-2 pr-3'],
              ['Who', 'py-2 pr-3'],
              ['What', 'py-2 pr-3'],
              ['Changes', 'py-2'],
            ]}
          />
          <tbody className="block sm:table-row-group">
            {page.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Audit log pages" className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-outline"
          disabled={loading || pageNo <= 1}
          onClick={() => void loadAuditPage(pageNo - 1)}
        >
          Newer
        </button>
        <span className="text-sm text-ink-muted">
          Page {pageNo} of {Math.max(pageCount, 1)} ({totalCount} entries)
        </span>
        <button
          type="button"
          className="btn-outline"
          disabled={loading || pageNo >= pageCount}
          onClick={() => void loadAuditPage(pageNo + 1)}
        >
          Older
        </button>
      </nav>
    </div>
  );
}

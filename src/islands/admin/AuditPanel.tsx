import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import type { AuditEntryView } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { $auditLog, auditChange, loadAuditPage } from '~/stores/admin';

function AuditRow({ entry }: { entry: AuditEntryView }): ReactElement {
  const change = auditChange(entry.before, entry.after);
  return (
    <tr className="border-t border-gray-200 align-top">
      <td className="whitespace-nowrap py-2 pr-3">{formatSastDateTime(entry.at)}</td>
      <td className="py-2 pr-3">{entry.actorEmail ?? 'System'}</td>
      <td className="py-2 pr-3">
        <span className="font-semibold">{entry.action}</span> {entry.entity}
        {entry.entityId ? <span className="block text-xs text-ink-muted">{entry.entityId}</span> : null}
      </td>
      <td className="py-2 font-mono text-xs break-all">{change}</td>
    </tr>
  );
}

/** The append-only audit log, newest first, a page at a time. */
export default function AuditPanel(): ReactElement {
  const { page, loading, error } = useStore($auditLog);
  useEffect(() => {
    void loadAuditPage(1);
  }, []);

  if (!page) {
    if (error)
      return (
        <div role="alert" className="space-y-3">
          <p>We could not load the audit log.</p>
          <button type="button" className="btn-outline" onClick={() => void loadAuditPage(1)}>
            Try again
          </button>
        </div>
      );
    return <SessionPending label="Loading the audit log…" />;
  }

  const { pageNo, pageCount, totalCount } = page.paginationMetadata;
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead>
            <tr className="text-ink-muted">
              <th scope="col" className="py-2 pr-3">
                When
              </th>
              <th scope="col" className="py-2 pr-3">
                Who
              </th>
              <th scope="col" className="py-2 pr-3">
                What
              </th>
              <th scope="col" className="py-2">
                Before → after
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Audit log pages" className="flex items-center gap-3">
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

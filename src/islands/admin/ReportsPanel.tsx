import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useState } from 'react';
import type { ReportGroup } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { REPORT_REASON_LABELS } from '~/lib/schemas/report';
import { $reportGroups, askReportedOwner, closeReportGroup, loadReportGroups } from '~/stores/adminReports';
import { CampaignHitCard } from './CampaignHitCard';
import { ReasonForm } from './DecisionForms';
import { RefundRequestsList } from './RefundRequestsList';

function reasonsLine(group: ReportGroup): string {
  return Object.entries(group.reasons)
    .map(([code, n]) => `${REPORT_REASON_LABELS[code as keyof typeof REPORT_REASON_LABELS] ?? code} (${n})`)
    .join(' · ');
}

function GroupCard({ group }: { group: ReportGroup }): ReactElement {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = async (status: 'dismissed' | 'handled') => {
    setBusy(true);
    await closeReportGroup(group, status);
    setBusy(false);
  };
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" aria-label={`Reports about ${group.name}`}>
      <p className="font-semibold">
        <a href={group.href} className="text-brand-dark underline">
          {group.name}
        </a>{' '}
        <span className="text-sm font-normal text-ink-muted">
          ({group.kind === 'campaign' ? 'campaign' : 'organisation'}) · {group.count}{' '}
          {group.count === 1 ? 'report' : 'reports'}
        </span>
      </p>
      <p className="text-sm">{reasonsLine(group)}</p>
      <ul className="mt-2 space-y-2">
        {group.reports.map((r) => (
          <li key={r.id} className="rounded-md bg-gray-50 p-2 text-sm">
            <p className="font-semibold">
              {r.reasonLabel} · {formatSastDateTime(r.createdAt)}
              {r.email ? ` · ${r.email}` : ''}
            </p>
            <p className="whitespace-pre-line">{r.details}</p>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-outline" disabled={busy} onClick={() => void close('dismissed')}>
          Dismiss
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={() => void close('handled')}>
          Mark handled
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={() => setAsking(true)}>
          Ask the owner
        </button>
      </div>
      {asking ? (
        <ReasonForm
          title={`Ask the owner of ${group.name}`}
          question={`Mail the owner of “${group.name}” this question from Letsema? The reporters are never named.`}
          submitLabel="Send to the owner"
          confirmLabel="Yes, send"
          busyLabel="Sending…"
          onSubmit={(message) => askReportedOwner(group, message)}
          onCancel={() => setAsking(false)}
        />
      ) : null}
      {group.campaign ? (
        <ul className="mt-3">
          <CampaignHitCard hit={group.campaign} onChanged={() => void loadReportGroups()} />
        </ul>
      ) : null}
    </li>
  );
}

/** The reports queue: each reported campaign or organisation with its reports, and what staff can do. */
export default function ReportsPanel(): ReactElement {
  const groups = useStore($reportGroups);
  useEffect(() => {
    void loadReportGroups();
  }, []);
  return (
    <>
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="text-xl font-bold text-ink">
          Reports
        </h2>
        {!groups ? (
          <p className="text-sm text-ink-muted">Loading the reports…</p>
        ) : groups.length === 0 ? (
          <p>No open reports. Visitors report campaigns and organisations from their pages.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {groups.map((g) => (
              <GroupCard key={`${g.kind}:${g.id}`} group={g} />
            ))}
          </ul>
        )}
      </section>
      <RefundRequestsList />
    </>
  );
}

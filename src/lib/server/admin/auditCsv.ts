import { auditChangeLine, auditNoteLine } from '~/lib/auditLabels';
import type { AuditEntryView } from '~/lib/contracts/admin';
import { formatSastDateTime } from '~/lib/dates';
import type { AuditFilter } from '~/lib/schemas/auditFilter';
import { csvText } from '~/lib/server/platform/csv';
import { auditEntriesForExport } from './auditLog';

/**
 * The audit log as CSV (RFC 4180), the same rows and words as the back office's list:
 * names, people and reasons are typed by users, so a cell that a spreadsheet would run
 * as a formula gets a leading apostrophe (platform/csv.ts).
 */

export const AUDIT_CSV_COLUMNS = [
  'When',
  'Who',
  'Email',
  'Action',
  'Kind',
  'Name',
  'Id',
  'Changes',
  'Notes',
] as const;

function rowOf(entry: AuditEntryView): string[] {
  return [
    formatSastDateTime(entry.at, { dateStyle: 'medium', timeStyle: 'medium' }),
    entry.actorName,
    entry.actorEmail ?? '',
    entry.actionLabel,
    entry.entityLabel,
    entry.entityName ?? '',
    entry.entityId ?? '',
    entry.changes.map(auditChangeLine).join('\n'),
    entry.notes.map(auditNoteLine).join('\n'),
  ];
}

/** The CSV text, a header line first. */
export function auditCsv(entries: readonly AuditEntryView[]): string {
  return csvText(AUDIT_CSV_COLUMNS, entries.map(rowOf));
}

/** `GET /admin/audit.csv`: the filtered log as a file named by the day it was taken. */
export async function exportAuditLog(filter: AuditFilter): Promise<{ csv: string; filename: string }> {
  const entries = await auditEntriesForExport(filter);
  const day = new Date().toISOString().slice(0, 10);
  return { csv: auditCsv(entries), filename: `letsema-audit-log-${day}.csv` };
}

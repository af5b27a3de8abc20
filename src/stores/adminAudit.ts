import { atom } from 'nanostores';
import { type AuditPage, type AuditQuery, getAuditCsv, getAuditPage } from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import { southAfricanDate } from '~/lib/dates';
import { onSessionEnd } from './auth';

/** The back office's audit log: a page in words, the filter it was asked with, and the load state. */
export interface AuditState {
  page: AuditPage | null;
  filter: AuditQuery;
  loading: boolean;
  error: boolean;
}

const EMPTY: AuditState = { page: null, filter: {}, loading: false, error: false };

export const $auditLog = atom<AuditState>(EMPTY);

/** A kind in the filter's one list: 'entity:payout' or 'action:admin-payout-paid'; '' for any. */
export function auditKindQuery(kind: string): Pick<AuditQuery, 'action' | 'entity'> {
  const [type, value] = [kind.slice(0, kind.indexOf(':')), kind.slice(kind.indexOf(':') + 1)];
  if (type === 'entity' && value) return { entity: value };
  if (type === 'action' && value) return { action: value };
  return {};
}

let auditRequest = 0;

/** Loads a page of the log (newest first) with `filter`, or the current one; an overtaken answer is dropped. */
export async function loadAuditPage(pageNo = 1, filter: AuditQuery = $auditLog.get().filter): Promise<void> {
  const request = ++auditRequest;
  $auditLog.set({ ...$auditLog.get(), filter, loading: true, error: false });
  try {
    const { data } = await getAuditPage(pageNo, filter);
    if (request === auditRequest) $auditLog.set({ page: data, filter, loading: false, error: false });
  } catch (error) {
    if (request !== auditRequest) return;
    console.warn('Could not load the audit log.', error);
    notifyStoreError(error);
    $auditLog.set({ ...$auditLog.get(), loading: false, error: true });
  }
}

/** Downloads the log as CSV with the filter in use; resolves to whether it worked. */
export async function downloadAuditCsv(): Promise<boolean> {
  try {
    const blob = await getAuditCsv($auditLog.get().filter);
    saveBlob(blob, `letsema-audit-log-${southAfricanDate(new Date())}.csv`);
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

onSessionEnd(() => $auditLog.set(EMPTY));

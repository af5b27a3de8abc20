import { atom } from 'nanostores';
import {
  type AdminRefundRequest,
  askOwnerCall,
  closeReportsCall,
  decideRefundRequestCall,
  getRefundRequests,
  getReportGroups,
  type ReportGroup,
} from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { notify } from './toast';

/** The back office's reports queue (docs/api/reports.md): open reports grouped per campaign or organisation. */
export const $reportGroups = atom<ReportGroup[] | null>(null);

export async function loadReportGroups(): Promise<void> {
  try {
    $reportGroups.set((await getReportGroups()).data);
  } catch (error) {
    notifyStoreError(error);
  }
}

export async function closeReportGroup(
  group: ReportGroup,
  status: 'dismissed' | 'handled',
): Promise<boolean> {
  try {
    const body = await closeReportsCall(group.kind, group.id, status);
    notify({ type: 'success', message: body.meta?.message || 'Done.', duration: 2500 });
    await loadReportGroups();
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

export async function askReportedOwner(group: ReportGroup, message: string): Promise<boolean> {
  try {
    const body = await askOwnerCall(group.kind, group.id, message);
    notify({ type: 'success', message: body.meta?.message || 'Sent.', duration: 2500 });
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

/** Donors' pending refund requests, shown beside the reports. */
export const $refundRequests = atom<AdminRefundRequest[] | null>(null);

export async function loadRefundRequests(): Promise<void> {
  try {
    $refundRequests.set((await getRefundRequests()).data);
  } catch (error) {
    notifyStoreError(error);
  }
}

export async function decideRefundRequest(
  id: string,
  decision: Parameters<typeof decideRefundRequestCall>[1],
): Promise<boolean> {
  try {
    const body = await decideRefundRequestCall(id, decision);
    notify({ type: 'success', message: body.meta?.message || 'Done.', duration: 2500 });
    await loadRefundRequests();
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

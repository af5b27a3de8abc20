import { atom } from 'nanostores';
import { type AdminMailQueue, getMailQueue, resendMailCall } from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { notify } from './toast';

/** The back office's view of the mail queue (docs/api/admin.md "Mail"). */
export const $mailQueue = atom<AdminMailQueue | null>(null);

export async function loadMailQueue(): Promise<void> {
  try {
    $mailQueue.set((await getMailQueue()).data);
  } catch (error) {
    notifyStoreError(error);
  }
}

/** Sends a dead letter again, then shows the queue as it is now. */
export async function resendMail(id: string): Promise<boolean> {
  try {
    const body = await resendMailCall(id);
    notify({ type: 'success', message: body.meta?.message || 'Queued again.', duration: 2500 });
    await loadMailQueue();
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

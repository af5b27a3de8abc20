import type { Envelope } from '~/lib/api';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { notify } from '~/stores/toast';

/** Saves a lookup (event, close reason) and says so; resolves to whether it worked. */
export async function saveLookup(call: () => Promise<Envelope<unknown>>, saved: string): Promise<boolean> {
  try {
    const body = await call();
    notify({ type: 'success', message: body.meta?.message || saved, duration: 2500 });
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

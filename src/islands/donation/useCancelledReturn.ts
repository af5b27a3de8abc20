import { useEffect, useState } from 'react';
import { cancelPendingDonation } from '~/stores/donation';

/**
 * Back from the gateway's Cancel (`?cancelled={token}`): marks that donation cancelled, once
 * (the address forgets the token). True once the donation is marked.
 */
export function useCancelledReturn(cancelledToken: string | null): boolean {
  const [cancelled, setCancelled] = useState(false);
  useEffect(() => {
    if (!cancelledToken) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('cancelled');
    window.history.replaceState(window.history.state, '', url);
    void cancelPendingDonation(cancelledToken).then((done) => setCancelled(done));
  }, [cancelledToken]);
  return cancelled;
}

import { useEffect } from 'react';

/**
 * Back from a cancelled or failed payment (`?cancelled={token}`): the server has marked the
 * donation cancelled and filled the form with it; the address forgets the token, so a reload
 * or a shared link does not carry it.
 */
export function useCancelledReturn(returned: boolean): void {
  useEffect(() => {
    if (!returned) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('cancelled')) return;
    url.searchParams.delete('cancelled');
    window.history.replaceState(window.history.state, '', url);
  }, [returned]);
}

import { isHTTPError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import { getDonationByToken, getRecurrenceByToken } from '~/lib/api/myDonations';
import { awaitsGateway } from '~/lib/donationDisplay';
import { type ThanksDonation, thanksDonationOf, withRecurringStatus } from '~/lib/thanksDonation';

/** Ask every 2 s… */
export const POLL_INTERVAL_MS = 2000;
/** …for at most 2 minutes of visible waiting (60 asks); then the page offers 'Check again'. */
export const MAX_POLLS = 60;

export interface PolledDonation {
  donation: ThanksDonation;
  /**
   * Still pending and the page has stopped asking: after 2 minutes ('timeout'),
   * or because the API has no answer for this token ('unanswered'; then only
   * loading the page again tells more).
   */
  stalled: 'timeout' | 'unanswered' | null;
  checkAgain: () => void;
}

/**
 * One fresh read of what /thanks shows: a once-off donation by its donation
 * token (`GET /donations/list/{token}`), a monthly one by its scheduler token
 * (`GET /donationsscheduler/{token}`, which answers the schedule: only its status moves).
 */
async function freshThanks(
  token: string,
  monthly: boolean,
): Promise<(shown: ThanksDonation) => ThanksDonation> {
  if (monthly) {
    const { data } = await getRecurrenceByToken(token);
    return (shown) => withRecurringStatus(shown, data);
  }
  const { data } = await getDonationByToken(token);
  return () => thanksDonationOf(data);
}

/**
 * The donation, asked for again while its gateway payment is pending: every
 * 2 s, up to 2 minutes, paused while the tab is hidden (a background tab
 * asks nothing and its pause does not count), stopping once it settles.
 */
export function usePolledDonation(token: string, initial: ThanksDonation): PolledDonation {
  const [donation, setDonation] = useState(initial);
  const [polls, setPolls] = useState(0);
  const [visible, setVisible] = useState(true);
  // The API has no answer for this token (the donation is gone): only loading the page tells more.
  const [unanswered, setUnanswered] = useState(false);
  const monthly = initial.monthly !== null;

  useEffect(() => {
    const update = (): void => setVisible(document.visibilityState !== 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);

  const waiting = awaitsGateway(donation.status, donation.paymentMethod);

  useEffect(() => {
    if (!waiting || !visible || unanswered || polls >= MAX_POLLS) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const update = await freshThanks(token, monthly);
        if (!cancelled) setDonation(update);
      } catch (error) {
        if (isHTTPError(error) && error.response.status === 404) {
          if (!cancelled) setUnanswered(true);
          return;
        }
        // A lost connection or a server hiccup: the next ask may work.
        console.warn('Could not check the donation.', error);
      }
      if (!cancelled) setPolls((n) => n + 1);
    }, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [token, monthly, waiting, visible, unanswered, polls]);

  const checkAgain = useCallback(() => {
    // Without an API answer the page itself reads the donation again.
    if (unanswered) window.location.reload();
    else setPolls(0);
  }, [unanswered]);

  const stalled = !waiting ? null : unanswered ? 'unanswered' : polls >= MAX_POLLS ? 'timeout' : null;
  return { donation, stalled, checkAgain };
}

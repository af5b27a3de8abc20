import { type ReactElement, useState } from 'react';
import { ChangeMonthlyDonation } from '~/islands/profile/ChangeMonthlyDonation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { Recurrence } from '~/lib/api/myDonations';
import { monthlyDonationHref } from '~/lib/campaignDisplay';
import { href, m } from '~/lib/i18n';

interface Props {
  recurrence: Recurrence;
  /** The schedule's token from the donor's mail: their authority, no account needed. */
  token: string;
}

/**
 * /monthly-donation's "Change amount": the My Donations form, sent with the mail's token. Once
 * saved, the page loads again to show the schedule as it now stands (and says 'Donation updated').
 */
function Change({ recurrence, token }: Props): ReactElement | null {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  // Changing needs JavaScript (the gateway's subscription is updated in place); cancelling does not.
  if (!hydrated) return null;
  if (!open)
    return (
      <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
        {m.thanks_monthly_change_amount()}
      </button>
    );
  return (
    <div className="w-full">
      <ChangeMonthlyDonation
        recurrence={recurrence}
        token={token}
        onDone={(saved) => {
          if (saved) window.location.assign(href(`${monthlyDonationHref(token)}&done=updated`));
          else setOpen(false);
        }}
      />
    </div>
  );
}

export default function MonthlyChange(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <Change {...props} />
    </IslandErrorBoundary>
  );
}

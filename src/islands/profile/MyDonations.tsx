import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';
import { MonthlyDonations } from './MonthlyDonations';
import { MyYearlyCertificates } from './MyYearlyCertificates';
import { OnceOffDonations } from './OnceOffDonations';

/**
 * The My Donations tab (SPEC §2 profile tab 3): the donations made while
 * signed in, once-off and monthly, each list 5 a page with its own pager.
 */
export function MyDonations(): ReactElement {
  return (
    <div className="space-y-10">
      <MyYearlyCertificates />
      <section aria-labelledby="my-donations-once-off" className="space-y-4">
        <h2 id="my-donations-once-off" className="text-lg font-bold text-ink">
          {m.profile_once_off()}
        </h2>
        <OnceOffDonations />
      </section>
      <section aria-labelledby="my-donations-monthly" className="space-y-4">
        <h2 id="my-donations-monthly" className="text-lg font-bold text-ink">
          {m.profile_monthly()}
        </h2>
        <MonthlyDonations />
      </section>
    </div>
  );
}

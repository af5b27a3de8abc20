import type { ReactElement } from 'react';
import { TitledSection } from '~/islands/shared/TitledSection';
import { m } from '~/lib/i18n';
import { MonthlyDonations } from './MonthlyDonations';
import { MyYearlyCertificates } from './MyYearlyCertificates';
import { OnceOffDonations } from './OnceOffDonations';

const SECTION = { className: 'space-y-4', titleClassName: 'text-lg font-bold text-ink' } as const;

/**
 * The My Donations tab (SPEC §2 profile tab 3): the donations made while
 * signed in, once-off and monthly, each list 5 a page with its own pager.
 */
export function MyDonations(): ReactElement {
  return (
    <div className="space-y-10">
      <MyYearlyCertificates />
      <TitledSection id="my-donations-once-off" title={m.profile_once_off()} {...SECTION}>
        <OnceOffDonations />
      </TitledSection>
      <TitledSection id="my-donations-monthly" title={m.profile_monthly()} {...SECTION}>
        <MonthlyDonations />
      </TitledSection>
    </div>
  );
}

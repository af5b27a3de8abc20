import type { ReactElement } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { BankingRequestStatus } from '~/lib/enums';

/**
 * Where payouts would go, and what to do when they cannot go yet: money goes only to
 * banking details staff accepted (issue 12). `verificationHref` is the tab to submit them on.
 */
export function BankingStatus({
  status,
  verificationHref,
}: {
  status: number | null;
  verificationHref: string;
}): ReactElement {
  const link = (
    <a href={verificationHref} className="font-semibold underline">
      Verification tab
    </a>
  );
  if (status === BankingRequestStatus.Accepted)
    return (
      <FormNotice tone="success">Banking details accepted: payouts are paid into this account.</FormNotice>
    );
  if (status === BankingRequestStatus.Pending)
    return (
      <FormNotice tone="info">
        Your banking details are waiting for review. You can request a payout once our team has accepted them;
        we usually check them within 2 business days.
      </FormNotice>
    );
  if (status === BankingRequestStatus.Rejected)
    return (
      <FormNotice tone="error">
        Your banking details were not accepted. Please correct them and submit them again on the {link}; you
        can request a payout once they are accepted.
      </FormNotice>
    );
  return (
    <FormNotice tone="info">
      Before your first payout, submit your banking details and documents on the {link}. You can request a
      payout once our team has accepted them.
    </FormNotice>
  );
}

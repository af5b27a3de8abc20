import { type ReactElement, useMemo } from 'react';
import { OwnerDonationList } from '~/islands/editor/OwnerDonationList';
import type { DonorsOf } from '~/lib/api/ownerDonations';
import type { MyOrganisationView } from '~/lib/contracts/organisations';

/** Who gave to any of the organisation's campaigns, and the CSV (Owners and Admins: the server decides). */
export function OrganisationDonations({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  const of = useMemo<DonorsOf>(() => ({ kind: 'organizations', id: organisation.id }), [organisation.id]);
  return <OwnerDonationList of={of} fileName={`donations-${organisation.url}.csv`} />;
}

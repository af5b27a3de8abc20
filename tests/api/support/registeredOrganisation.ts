import { expect } from 'vitest';
import { type SignedInAccount, verifyAndLogin } from './accounts';
import { formOf, multipart } from './campaigns';

export interface RegisteredOrganisation {
  id: string;
  legalName: string;
  url: string;
  owner: SignedInAccount;
}

/**
 * A new user registers an organisation (`POST /organizations/`, docs/api/organisations.md);
 * `fields` override the defaults (a soup kitchen trust in Qonce).
 */
export async function registerOrganisation(
  legalName: string,
  fields: Record<string, unknown> = {},
): Promise<RegisteredOrganisation> {
  const owner = await verifyAndLogin({ firstName: 'Nomsa', lastName: 'Owner' });
  const res = await multipart<{ id: string; legalName: string; url: string }>(
    'POST',
    '/api/v1/organizations/',
    formOf({
      legalName,
      organizationTypeId: 1,
      organizationSectors: [2],
      briefDescription: '<p>We run a soup kitchen and an after-school club in Qonce, every weekday.</p>',
      mainContactPerson: { firstName: 'Nomsa', lastName: 'Owner', phone: '+27821234567', email: owner.email },
      address: {
        addressLine1: '3 Main Road',
        city: 'Qonce',
        province: 'Eastern Cape',
        country: 'South Africa',
      },
      ...fields,
    }),
    owner.accessToken,
  );
  expect(res.status, res.text).toBe(201);
  return { ...res.body.data, owner };
}

import { expect } from 'vitest';
import { latestMail, linkToken, type SignedInAccount, send, verifyAndLogin } from './accounts';
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

const INVITE_LINK = '/auth/invitation?';

/**
 * A new account that joined the organisation as `userRole` (3 Champion by default): invited by
 * the owner through `PATCH /team-members`, accepted through the mailed link's token.
 */
export async function joinedMember(
  org: RegisteredOrganisation,
  firstName: string,
  userRole = 3,
): Promise<SignedInAccount> {
  const account = await verifyAndLogin({ firstName, lastName: 'Member' });
  const invited = await send(
    'PATCH',
    '/api/v1/team-members',
    {
      organizationId: org.id,
      firstName,
      lastName: 'Member',
      email: account.email,
      mobileNumber: '+27825550101',
      organizationPositionId: 16,
      userRole,
      mainContactPerson: false,
    },
    org.owner.accessToken,
  );
  expect(invited.status, invited.text).toBe(200);
  const token = linkToken(await latestMail(account.email, INVITE_LINK), INVITE_LINK);
  const accepted = await send('POST', '/api/v1/team-members', { token, accept: true }, account.accessToken);
  expect(accepted.status, accepted.text).toBe(200);
  return account;
}

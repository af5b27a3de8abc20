import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { InviteStatus, OrgUserRole } from '~/lib/enums';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import type { RegisterOrganisationInput } from '~/lib/schemas/organisation';
import type { SessionUser } from '~/lib/server/accounts/session';
import { throwFieldErrors } from '~/lib/server/campaigns/writes';
import { getDb } from '~/lib/server/db';
import { isUniqueViolation } from '~/lib/server/db/errors';
import { organisations, organisationUsers, teamMembers } from '~/lib/server/db/schema';
import { conflict } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { getOrganisationForManagers } from './myOrganisation';
import { assertOrganisationUrlAvailable, freeOrganisationUrlFor } from './urls';
import {
  checkOrganisationFiles,
  discardSaved,
  type OrganisationFiles,
  organisationColumns,
  organisationProblems,
  type SavedOrganisationFiles,
  saveOrganisationFiles,
  writeOrganisationParts,
} from './writes';

/**
 * `POST /organizations/`: registers an organisation with `user` as its Owner,
 * so their next access token carries `hasOrganization`. The url is the one
 * asked for (409 when taken) or made from the legal name. Answers the
 * managers' view.
 */
export async function registerOrganisation(
  user: SessionUser,
  input: RegisterOrganisationInput,
  files: OrganisationFiles,
): Promise<MyOrganisationView> {
  checkOrganisationFiles(files);
  const db = await getDb();
  throwFieldErrors(await organisationProblems(input, db));
  if (input.url) await assertOrganisationUrlAvailable(input.url);
  const saved = await saveOrganisationFiles(files, user.id);
  let id: string;
  try {
    id = await insertOrganisation(user, input, saved);
  } catch (error) {
    await discardSaved(saved);
    throw error;
  }
  return getOrganisationForManagers(user, id);
}

async function insertOrganisation(
  user: SessionUser,
  input: RegisterOrganisationInput,
  saved: SavedOrganisationFiles,
): Promise<string> {
  const db = await getDb();
  for (let attempt = 1; ; attempt++) {
    const url = input.url ?? (await freeOrganisationUrlFor(input.legalName));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(organisations)
          .values({
            ...organisationColumns(input),
            legalName: input.legalName,
            url,
            createdById: user.id,
            ...saved,
          })
          .returning({ id: organisations.id });
        if (!row) throw new Error('The new organisation row was not returned.');
        await writeOrganisationParts(tx, row.id, input);
        await tx
          .insert(organisationUsers)
          .values({ organisationId: row.id, userId: user.id, role: OrgUserRole.Owner });
        // The founder is on the team list too, so other Owners can see and manage them there.
        await tx.insert(teamMembers).values({
          organisationId: row.id,
          userId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          mobileNumber: user.msisdn,
          userRole: OrgUserRole.Owner,
          inviteStatus: InviteStatus.Accepted,
        });
        await recordAudit(
          { actorId: user.id, action: 'organisation-register', entity: 'organisation', entityId: row.id },
          tx,
        );
        return row.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error, 'organisations_url_unique')) throw error;
      // Someone took the url asked for; a url made from the name gets a fresh try.
      if (input.url || attempt >= 5) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
    }
  }
}

import { eq } from 'drizzle-orm';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import type { EditOrganisationInput } from '~/lib/schemas/organisation';
import type { SessionUser } from '~/lib/server/accounts/session';
import { discardFiles } from '~/lib/server/campaigns/images';
import { throwFieldErrors } from '~/lib/server/campaigns/writes';
import { getDb } from '~/lib/server/db';
import { isUniqueViolation } from '~/lib/server/db/errors';
import { organisations } from '~/lib/server/db/schema';
import { conflict } from '~/lib/server/http/errors';
import { recordAudit } from '~/lib/server/platform/audit';
import { findOrganisationFor } from './access';
import { getOrganisationForManagers } from './myOrganisation';
import { assertOrganisationUrlAvailable } from './urls';
import {
  checkOrganisationFiles,
  discardSaved,
  type OrganisationFiles,
  organisationColumns,
  organisationProblems,
  saveOrganisationFiles,
  writeOrganisationParts,
} from './writes';

/**
 * `PATCH /organizations/{id}` (Owners, Admins, Editors): changes the fields
 * sent and keeps the rest; a new logo or certificate replaces the old file,
 * which is deleted. Answers the managers' view.
 */
export async function updateOrganisation(
  user: SessionUser,
  id: string,
  input: EditOrganisationInput,
  files: OrganisationFiles,
): Promise<MyOrganisationView> {
  const { organisation: current } = await findOrganisationFor(user, id, 'editContent');
  checkOrganisationFiles(files);
  const db = await getDb();
  throwFieldErrors(await organisationProblems(input, db));
  if (input.url && input.url !== current.url) await assertOrganisationUrlAvailable(input.url, current.id);
  const saved = await saveOrganisationFiles(files, user.id);
  const columns = { ...organisationColumns(input), ...saved };
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(columns).length > 0) {
        await tx.update(organisations).set(columns).where(eq(organisations.id, current.id));
      }
      await writeOrganisationParts(tx, current.id, input);
      await recordAudit(
        {
          actorId: user.id,
          action: 'organisation-update',
          entity: 'organisation',
          entityId: current.id,
          details: { fields: [...Object.keys(input), ...Object.keys(saved)] },
        },
        tx,
      );
    });
  } catch (error) {
    await discardSaved(saved);
    if (isUniqueViolation(error, 'organisations_url_unique')) throw conflict(CAMPAIGN_MESSAGES.urlTaken);
    throw error;
  }
  const replaced = [
    saved.logoFileId ? current.logoFileId : null,
    saved.s18CertificateFileId ? current.s18CertificateFileId : null,
  ].filter((fileId): fileId is string => fileId !== null);
  await discardFiles(replaced);
  return getOrganisationForManagers(user, current.id);
}

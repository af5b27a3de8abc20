import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import {
  BarometerDisplay,
  Currency,
  DonationStatus,
  InviteStatus,
  OrgUserRole,
  PlatformRole,
} from '~/lib/enums';
import { toCents } from '~/lib/money';
import * as s from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { DEMO_CAMPAIGNS, type DemoCampaign } from './demo-campaigns';
import { buildDonations, seededRandom } from './demo-donations';
import { insertDemoExtras } from './demo-extras';
import { DEMO_IMAGES, DEMO_LOGOS, renderDemoImage, renderDemoLogo } from './demo-images';
import type { DemoLogin } from './demo-logins';
import { DEMO_ORGANISATIONS, DEMO_USERS, type OrgKey, type UserKey } from './demo-users';
import { SUB_CATEGORIES } from './sub-categories';

const DAY = 86_400_000;

export interface DemoIds {
  now: number;
  users: Record<UserKey, string>;
  organisations: Record<OrgKey, string>;
  /** By campaign url. */
  campaigns: Map<string, string>;
  /** By file name under public/demo/. */
  files: Map<string, string>;
  /** Accepted cents per campaign url. */
  raised: Map<string, number>;
}

async function insertUsers(tx: Tx, logins: readonly DemoLogin[]): Promise<Record<UserKey, string>> {
  const passwordOf = new Map(logins.map((l) => [l.email, l.password]));
  // A user without a password in `logins` gets none (only a reset can give one), never a known one.
  const hashes = await Promise.all(
    DEMO_USERS.map((u) => {
      const password = passwordOf.get(u.email);
      return password ? hash(password) : null;
    }),
  );
  const rows = await tx
    .insert(s.users)
    .values(
      DEMO_USERS.map((u, i) => ({
        email: u.email,
        passwordHash: hashes[i] ?? null,
        firstName: u.firstName,
        lastName: u.lastName,
        msisdn: u.msisdn,
        location: `${u.city}, ${u.province}`,
        city: u.city,
        province: u.province,
        country: 'South Africa',
        emailConfirmed: true,
        role: 'admin' in u && u.admin ? PlatformRole.Admin : PlatformRole.User,
      })),
    )
    .returning({ id: s.users.id, email: s.users.email });
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return Object.fromEntries(DEMO_USERS.map((u) => [u.key, byEmail.get(u.email) ?? ''])) as Record<
    UserKey,
    string
  >;
}

async function insertFiles(tx: Tx, users: Record<UserKey, string>): Promise<Map<string, string>> {
  const ownerOfImage = new Map(DEMO_CAMPAIGNS.map((c) => [c.image, users[c.owner]]));
  const logoOwner = new Map(DEMO_ORGANISATIONS.map((o) => [o.logo as string, users[o.members[0].user]]));
  const files = [
    ...DEMO_IMAGES.map((image) => ({ name: image.file, svg: renderDemoImage(image) })),
    ...DEMO_LOGOS.map((logo) => ({ name: logo.file, svg: renderDemoLogo(logo) })),
  ];
  const rows = await tx
    .insert(s.storedFiles)
    .values(
      files.map(({ name, svg }) => ({
        storageKey: `demo/${name}`,
        url: `/demo/${name}`,
        originalName: name,
        mimeType: 'image/svg+xml',
        size: Buffer.byteLength(svg),
        ownerId: ownerOfImage.get(name) ?? logoOwner.get(name) ?? users.anele,
      })),
    )
    .returning({ id: s.storedFiles.id, name: s.storedFiles.originalName });
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function insertOrganisations(
  tx: Tx,
  users: Record<UserKey, string>,
  files: Map<string, string>,
  now: number,
): Promise<Record<OrgKey, string>> {
  const ids: Partial<Record<OrgKey, string>> = {};
  for (const org of DEMO_ORGANISATIONS) {
    const owner = DEMO_USERS.find((u) => u.key === org.members[0].user);
    const [row] = await tx
      .insert(s.organisations)
      .values({
        legalName: org.legalName,
        otherName: org.otherName,
        organisationTypeId: org.typeId,
        keywordsDescription: org.keywords,
        briefDescription: org.briefDescription,
        logoFileId: files.get(org.logo) ?? null,
        pboNumber: org.pboNumber,
        npoNumber: org.npoNumber,
        mainContactFirstName: owner?.firstName ?? null,
        mainContactLastName: owner?.lastName ?? null,
        mainContactPhone: owner?.msisdn ?? null,
        mainContactEmail: owner?.email ?? null,
        mainContactPositionId: org.members[0].positionId,
        website: org.website,
        telephone: org.telephone,
        email: org.email,
        url: org.url,
        isVerified: org.isVerified,
        createdById: users[org.members[0].user],
        createdAt: new Date(now - 400 * DAY),
      })
      .returning({ id: s.organisations.id });
    if (!row) throw new Error(`demo organisation ${org.key} not inserted`);
    ids[org.key] = row.id;
    await tx
      .insert(s.organisationAddresses)
      .values({ organisationId: row.id, ...org.address, country: 'South Africa' });
    await tx
      .insert(s.organisationSectors)
      .values(org.sectorIds.map((sectorId) => ({ organisationId: row.id, sectorId })));
    await tx
      .insert(s.organisationUsers)
      .values(org.members.map((m) => ({ organisationId: row.id, userId: users[m.user], role: m.role })));
    await tx.insert(s.teamMembers).values(
      org.members.map((m, i) => {
        const user = DEMO_USERS.find((u) => u.key === m.user);
        return {
          organisationId: row.id,
          userId: users[m.user],
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          email: user?.email ?? '',
          mobileNumber: user?.msisdn ?? null,
          organisationPositionId: m.positionId,
          userRole: m.role,
          mainContactPerson: i === 0,
          inviteStatus: InviteStatus.Accepted,
        };
      }),
    );
    await tx.insert(s.organisationVerifications).values({
      organisationId: row.id,
      hasFulltimeStaff: org.isVerified,
      hasCrowdfundedBefore: org.isVerified,
      hasUsedEventsBefore: org.isVerified,
      receivesSupport: true,
      receivedSupportDetails: org.isVerified
        ? 'Annual grant from the National Lotteries Commission and two corporate CSI partners.'
        : 'Donated medicines from local vets.',
      helpRequired: 'Reaching donors outside our own town.',
      regularNumberOfDonors: org.isVerified ? '250-500' : '0-50',
      supportPartners: org.isVerified ? 'Soweto high schools, Wits School of Education' : null,
      isVerified: org.isVerified,
      submittedAt: new Date(now - 300 * DAY),
      reviewedAt: org.isVerified ? new Date(now - 290 * DAY) : null,
      reviewedById: org.isVerified ? users.nomvula : null,
    });
  }
  // An invitation not yet accepted, so the team screen shows both states.
  await tx.insert(s.teamMembers).values({
    organisationId: ids.siyakhula ?? '',
    firstName: 'Naledi',
    lastName: 'Mokoena',
    email: 'naledi.mokoena@example.com',
    organisationPositionId: 14,
    userRole: OrgUserRole.Editor,
    inviteStatus: InviteStatus.Pending,
    inviteTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    inviteExpiresAt: new Date(now + 7 * DAY),
  });
  return ids as Record<OrgKey, string>;
}

function subCategoryId(campaign: DemoCampaign): number | null {
  const found = SUB_CATEGORIES.find(
    (sub) => sub.campaignCategoryId === campaign.category && sub.name === campaign.subCategory,
  );
  return found?.id ?? null;
}

type CampaignIds = Omit<DemoIds, 'campaigns' | 'raised'>;

const dayOf =
  (ids: CampaignIds) =>
  (days: number): Date =>
    new Date(ids.now + days * DAY);

/** A demo campaign's row, as its story says it was made, launched and perhaps closed. */
async function insertCampaignRow(tx: Tx, c: DemoCampaign, ids: CampaignIds) {
  const at = dayOf(ids);
  const launchedAt = c.published ? at(c.days.created + 1) : null;
  const closedAt = c.close && c.days.end !== null ? at(c.days.end - 2) : null;
  const [row] = await tx
    .insert(s.campaigns)
    .values({
      ownerId: ids.users[c.owner],
      organisationId: c.organisation ? ids.organisations[c.organisation] : null,
      name: c.name,
      story: c.story.map((p) => `<p>${p}</p>`).join('\n'),
      startDate: at(c.days.start),
      endDate: c.days.end === null ? null : at(c.days.end),
      donationTarget: toCents(c.target ?? 0),
      offlineDonations: toCents(c.offline ?? 0),
      thankYouMessage: c.thankYou,
      url: c.url,
      shortUrl: c.shortUrl,
      fundingType: c.fundingType,
      campaignCategoryId: c.category,
      campaignSubCategoryId: subCategoryId(c),
      eventId: c.eventId ?? null,
      status: c.status,
      published: c.published,
      isVerified: c.isVerified ?? false,
      featured: c.featured ?? false,
      launchedAt,
      closedAt,
      closeReasonId: c.close?.reasonId ?? null,
      closeNote: c.close?.note ?? null,
      createdAt: at(c.days.created),
      updatedAt: closedAt ?? launchedAt ?? at(c.days.created),
    })
    .returning({ id: s.campaigns.id });
  if (!row) throw new Error(`demo campaign ${c.url} not inserted`);
  return { id: row.id, launchedAt, closedAt };
}

/** The campaign's settings, place and picture. */
async function insertCampaignParts(tx: Tx, c: DemoCampaign, campaignId: string, ids: CampaignIds) {
  await tx.insert(s.campaignSettings).values({
    campaignId,
    currencyId: c.currency,
    isRecurringGivingCampaign: c.monthly === true,
    showPaysoft: c.debitOrders === true,
    showBarometer:
      c.currency === Currency.Dollar ? BarometerDisplay.ShowAmountDollar : BarometerDisplay.ShowAmountRand,
    isTaxBenefit: c.isTaxBenefit ?? false,
  });
  await tx
    .insert(s.campaignAddresses)
    .values({ campaignId, city: c.city, province: c.province, country: 'South Africa' });
  const image = DEMO_IMAGES.find((i) => i.file === c.image);
  const fileId = c.image ? ids.files.get(c.image) : undefined;
  if (image && fileId) await tx.insert(s.campaignImages).values({ campaignId, fileId, alt: image.title });
}

/** The gifts of a launched campaign, between its launch and its end (or now); returns the cents accepted. */
async function insertCampaignDonations(
  tx: Tx,
  c: DemoCampaign,
  campaign: { id: string; launchedAt: Date; closedAt: Date | null },
  ids: CampaignIds,
  random: () => number,
): Promise<number> {
  const end = c.days.end === null ? Number.POSITIVE_INFINITY : dayOf(ids)(c.days.end).getTime();
  const to = Math.min(ids.now - DAY / 4, campaign.closedAt?.getTime() ?? end, end);
  const from = campaign.launchedAt.getTime();
  const window = { from, to: Math.max(to, from + DAY) };
  const withFailures = c.url === 'help-lwazi-walk-again';
  const rows = buildDonations(c, campaign.id, window, random, withFailures);
  await tx.insert(s.donations).values(rows);
  const accepted = rows
    .filter((d) => d.status === DonationStatus.Accepted)
    .reduce((sum, d) => sum + d.amount, 0);
  if (c.target === null) {
    // A campaign closed because its target was reached: the target is what it raised, rounded down.
    const target = Math.floor((accepted + toCents(c.offline ?? 0)) / 500_000) * 500_000;
    await tx
      .update(s.campaigns)
      .set({ donationTarget: Math.max(target, 500_000) })
      .where(eq(s.campaigns.id, campaign.id));
  }
  return accepted;
}

async function insertCampaigns(tx: Tx, ids: CampaignIds): Promise<DemoIds> {
  const random = seededRandom(20_261_122);
  const campaigns = new Map<string, string>();
  const raised = new Map<string, number>();
  for (const c of DEMO_CAMPAIGNS) {
    const { id, launchedAt, closedAt } = await insertCampaignRow(tx, c, ids);
    campaigns.set(c.url, id);
    await insertCampaignParts(tx, c, id, ids);
    if (c.donations.count === 0 || !launchedAt) continue;
    raised.set(c.url, await insertCampaignDonations(tx, c, { id, launchedAt, closedAt }, ids, random));
  }
  return { ...ids, campaigns, raised };
}

/** Demo content that shows the product off; only for an empty database (the caller checks). */
export async function seedDemo(tx: Tx, logins: readonly DemoLogin[]): Promise<void> {
  const now = Date.now();
  const users = await insertUsers(tx, logins);
  const files = await insertFiles(tx, users);
  const organisations = await insertOrganisations(tx, users, files, now);
  const ids = await insertCampaigns(tx, { now, users, organisations, files });
  await insertDemoExtras(tx, ids);
}

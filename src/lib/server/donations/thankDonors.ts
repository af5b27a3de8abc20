import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ThankDonorsResult } from '~/lib/contracts/donations';
import { DonationStatus } from '~/lib/enums';
import { fullName } from '~/lib/people';
import type { ThankDonorsInput } from '~/lib/schemas/thankDonors';
import type { SessionUser } from '~/lib/server/accounts/session';
import { findCampaignById } from '~/lib/server/campaigns/access';
import { getDb } from '~/lib/server/db';
import { auditLog, donations } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { currentLocale, withLocale } from '~/lib/server/i18n/locale';
import { sendMail } from '~/lib/server/mail/send';
import { recordAudit } from '~/lib/server/platform/audit';
import { env } from '~/lib/server/platform/env';
import { enforceRateLimits, type RateLimitRule } from '~/lib/server/platform/rateLimit';
import { derivedKey } from '~/lib/server/platform/secrets';
import { refundedCampaignCentsOf } from '~/lib/server/refunds/netSql';
import { campaignLink } from './mail';
import { thankYouEmail } from './mailTemplates';
import { findCampaignForDonations } from './ownerDonations';

/**
 * "Thank" (docs/api/donations.md, "Who gave"): the campaign's team writes to one donor or to all,
 * and the platform mails it. The writer never learns an address: the mail goes from the
 * platform's own address, with no Reply-To. Each mail carries a signed link that stops further
 * thank-you messages from this campaign to that address; opting out is an audit entry holding
 * only a keyed hash of the address, so no new copy of it is kept.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** One message to every donor per campaign a day; two to one donor; 30 an hour from one writer. */
export const THANK_RATE_LIMITS = {
  campaign: { name: 'thanks:campaign', limit: 1, windowMs: DAY },
  donor: { name: 'thanks:donor', limit: 2, windowMs: DAY },
  writer: { name: 'thanks:writer', limit: 30, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

export const THANK_DONORS_MESSAGES = {
  donationNotFound: 'Donation not found.',
  tooManyForCampaign: 'You already thanked all donors of this campaign today. Please try again tomorrow.',
  tooManyForDonor: 'You already thanked this donor twice today. Please try again tomorrow.',
  tooMany: (minutes: number): string =>
    `You have sent many thank-you messages. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sent: (n: number): string => (n === 1 ? 'Your message was sent.' : `Your message was sent to ${n} donors.`),
  noneSent: 'No message was sent: the donors asked for no more messages from this campaign.',
  optedOut: 'You will no longer receive thank-you messages from this campaign.',
} as const;

const OPT_OUT_ACTION = 'thanks-opt-out';
const THANKED_ACTION = 'thank-donors';

const mac = (input: string): string =>
  createHmac('sha256', derivedKey('letsema thank-you opt-out v1')).update(input).digest('base64url');

/** A keyed hash of an address (lower-cased): what an opt-out remembers instead of the address. */
const recipientOf = (email: string): string => mac(`recipient:${email.trim().toLowerCase()}`);

/** The signed opt-out token: `{campaignId}.{recipient}.{signature}`; it never expires. */
export function signOptOut(campaignId: string, email: string): string {
  const recipient = recipientOf(email);
  return `${campaignId}.${recipient}.${mac(`opt-out:${campaignId}:${recipient}`)}`;
}

/** The campaign and recipient of a genuine token, else null. */
export function readOptOut(token: string): { campaignId: string; recipient: string } | null {
  const [campaignId, recipient, signature, ...rest] = token.split('.');
  if (!campaignId || !recipient || !signature || rest.length > 0 || token.length > 300) return null;
  const expected = Buffer.from(mac(`opt-out:${campaignId}:${recipient}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { campaignId, recipient };
}

const optOutLink = (campaignId: string, email: string): string =>
  `${env.publicUrl}/unsubscribe?token=${encodeURIComponent(signOptOut(campaignId, email))}`;

async function optedOutRecipients(campaignId: string): Promise<Set<string>> {
  const db = await getDb();
  const rows = await db
    .select({ recipient: sql<string>`${auditLog.details}->>'recipient'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'campaign'),
        eq(auditLog.entityId, campaignId),
        eq(auditLog.action, OPT_OUT_ACTION),
      ),
    );
  return new Set(rows.map((row) => row.recipient));
}

interface Recipient {
  email: string;
  firstName: string;
  /** The language of the donor's latest gift: the mail speaks it. */
  locale: string;
}

// Qualified by hand: Drizzle leaves columns unqualified without a join, which would bind inside the subquery.
const NOT_REFUNDED_IN_FULL = sql`"donations"."campaign_amount" > ${refundedCampaignCentsOf(sql`"donations"."id"`)}`;

/**
 * The donors to write to: one donation's, or every counted donor's once (their latest name); a
 * donation refunded in full no longer counts (docs/api/refunds.md "Totals").
 */
async function recipientsOf(campaignId: string, donationId: string | null | undefined): Promise<Recipient[]> {
  const db = await getDb();
  const counted = and(eq(donations.campaignId, campaignId), eq(donations.status, DonationStatus.Accepted));
  const rows = await db
    .select({ email: donations.email, firstName: donations.firstName, locale: donations.locale })
    .from(donations)
    .where(donationId ? and(counted, eq(donations.id, donationId)) : and(counted, NOT_REFUNDED_IN_FULL))
    .orderBy(desc(donations.createdAt));
  if (donationId && rows.length === 0) throw notFound(THANK_DONORS_MESSAGES.donationNotFound);
  const byAddress = new Map<string, Recipient>();
  for (const row of rows) {
    const address = row.email.trim().toLowerCase();
    // A donor without an address (an erased account's gift) is skipped.
    if (address.includes('@') && !byAddress.has(address)) byAddress.set(address, row);
  }
  return [...byAddress.values()];
}

/** `POST /campaigns/{id}/donations/thank`: the caller's right was checked from the path first. */
export async function thankDonors(
  user: SessionUser,
  campaignId: string,
  input: ThankDonorsInput,
): Promise<{ result: ThankDonorsResult; message: string }> {
  const campaign = await findCampaignForDonations(user, campaignId);
  const recipients = await recipientsOf(campaign.id, input.donationId);
  const one = input.donationId ? recipients[0] : undefined;
  // The writer's hourly cap first: a refusal there must not use up the campaign's day.
  await enforceRateLimits(
    [{ rule: THANK_RATE_LIMITS.writer, subject: user.id }],
    THANK_DONORS_MESSAGES.tooMany,
  );
  if (one) {
    const donor = { rule: THANK_RATE_LIMITS.donor, subject: `${campaign.id}:${recipientOf(one.email)}` };
    await enforceRateLimits([donor], () => THANK_DONORS_MESSAGES.tooManyForDonor);
  } else if (!input.donationId) {
    const all = { rule: THANK_RATE_LIMITS.campaign, subject: campaign.id };
    await enforceRateLimits([all], () => THANK_DONORS_MESSAGES.tooManyForCampaign);
  }

  const optedOut = await optedOutRecipients(campaign.id);
  const writerName = fullName(user);
  const db = await getDb();
  // The mails and the audit entry that counts them commit together.
  const result = await db.transaction(async (tx) => {
    let sent = 0;
    for (const recipient of recipients) {
      if (optedOut.has(recipientOf(recipient.email))) continue;
      const mail = withLocale(recipient.locale, () =>
        thankYouEmail({
          firstName: recipient.firstName,
          writerName,
          campaignName: campaign.name,
          campaignLink: campaignLink(campaign.url, currentLocale()),
          message: input.message,
          optOutLink: optOutLink(campaign.id, recipient.email),
        }),
      );
      if (await sendMail({ to: recipient.email, ...mail }, { tx })) sent += 1;
    }
    const counts = { sent, skipped: recipients.length - sent };
    await recordAudit(
      {
        actorId: user.id,
        action: THANKED_ACTION,
        entity: 'campaign',
        entityId: campaign.id,
        details: { donationId: input.donationId ?? null, ...counts },
      },
      tx,
    );
    return counts;
  });
  const { sent } = result;
  return {
    result,
    message: sent === 0 ? THANK_DONORS_MESSAGES.noneSent : THANK_DONORS_MESSAGES.sent(sent),
  };
}

/** What the opt-out page shows: the campaign's name for a genuine token, else null. */
export async function optOutCampaignName(token: string): Promise<string | null> {
  const optOut = readOptOut(token);
  const campaign = optOut ? await findCampaignById(optOut.campaignId) : null;
  return campaign?.name ?? null;
}

/** Stops thank-you messages from the token's campaign to its address (again: no harm). */
export async function optOutOfThanks(token: string): Promise<boolean> {
  const optOut = readOptOut(token);
  const campaign = optOut ? await findCampaignById(optOut.campaignId) : null;
  if (!optOut || !campaign) return false;
  if ((await optedOutRecipients(campaign.id)).has(optOut.recipient)) return true;
  await recordAudit({
    actorId: null,
    action: OPT_OUT_ACTION,
    entity: 'campaign',
    entityId: campaign.id,
    details: { recipient: optOut.recipient },
  });
  return true;
}

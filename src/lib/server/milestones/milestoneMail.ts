import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatMoney } from '~/lib/money';
import { isOwnerMailKind, type OwnerMailKind } from '~/lib/ownerMail';
import { campaignLink } from '~/lib/server/donations/mail';
import { env } from '~/lib/server/platform/env';
import { type RenderedEmail, renderEmail } from '~/lib/server/platform/mailLayout';
import { derivedKey } from '~/lib/server/platform/secrets';
import { shareLinksFor, withReferral } from '~/lib/share';
import { PROFILE_TAB, profileTabHref } from '~/lib/siteLinks';

/** The words of the milestone and nudge mails (docs/api/milestones.md), and their opt-out links. */

export interface MilestoneCampaign {
  id: string;
  name: string;
  url: string;
  currencyId: number;
  ownerId: string;
  ownerFirstName: string;
  /** Raised on the platform, net of refunds, in the campaign's currency (units). */
  raised: number;
  target: number;
  donations: number;
}

export type Milestone = 'first' | 'target-25' | 'target-50' | 'target-75' | 'target-100';

const mac = (input: string): string =>
  createHmac('sha256', derivedKey('letsema owner mail opt-out v1')).update(input).digest('base64url');

/** A link that turns one kind of these mails off for one owner, without signing in. */
export function signOwnerMailOptOut(userId: string, kind: OwnerMailKind): string {
  return `${userId}.${kind}.${mac(`${userId}:${kind}`)}`;
}

/** The owner and kind of a genuine token, else null. */
export function readOwnerMailOptOut(token: string): { userId: string; kind: OwnerMailKind } | null {
  const [userId, kind, signature, ...rest] = token.split('.');
  if (!userId || !kind || !signature || rest.length > 0 || token.length > 200 || !isOwnerMailKind(kind))
    return null;
  const expected = Buffer.from(mac(`${userId}:${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind };
}

const optOutLink = (userId: string, kind: OwnerMailKind) =>
  `${env.publicUrl}/owner-mail?token=${encodeURIComponent(signOwnerMailOptOut(userId, kind))}`;

const UNSUBSCRIBE_LABELS: Record<OwnerMailKind, string> = {
  first: 'Stop first-donation emails',
  targets: 'Stop emails about reaching the target',
  quiet: 'Stop quiet-week reminders',
};

/** The kind of opt-out a milestone belongs to. */
export const optOutKindOf = (milestone: Milestone): OwnerMailKind =>
  milestone === 'first' ? 'first' : 'targets';

function shareLink(campaign: MilestoneCampaign): string {
  return shareLinksFor(campaignLink(campaign.url), campaign.name).whatsapp;
}

export function milestoneEmail(
  campaign: MilestoneCampaign,
  milestone: Milestone,
): RenderedEmail & { subject: string } {
  const money = (amount: number) => formatMoney(amount, campaign.currencyId);
  const raised = money(campaign.raised);
  const percent = milestone === 'first' ? null : Number(milestone.slice('target-'.length));
  const subject =
    percent === null
      ? `${campaign.name} has its first donation`
      : percent === 100
        ? `${campaign.name} reached its target`
        : `${campaign.name} is ${percent} % of the way`;
  const intro =
    percent === null
      ? [
          `Someone just gave to ${campaign.name}: the first donation is in. A campaign that gets its first gifts early usually keeps going, so now is a good moment to share it again.`,
        ]
      : percent === 100
        ? [
            `${campaign.name} has raised ${raised}, its whole target of ${money(campaign.target)}. Thank your donors and tell them what happens next: an update is the best way.`,
          ]
        : [
            `${campaign.name} has raised ${raised} of its ${money(campaign.target)} target: ${percent} % of the way. Share it again to keep it moving.`,
          ];
  const kind = optOutKindOf(milestone);
  return {
    subject,
    ...renderEmail({
      preview: percent === null ? 'Your first donation is in.' : `${raised} raised so far.`,
      firstName: campaign.ownerFirstName,
      intro,
      details: [
        { label: 'Raised', value: raised },
        { label: 'Donations', value: String(campaign.donations) },
      ],
      action: { label: 'Share on WhatsApp', link: shareLink(campaign) },
      outro: [`Your campaign: ${withReferral(campaignLink(campaign.url), 'email')}`],
      unsubscribe: { label: UNSUBSCRIBE_LABELS[kind], link: optOutLink(campaign.ownerId, kind) },
    }),
  };
}

/** After 7 quiet days: the WhatsApp link and one concrete thing to do. */
export function quietEmail(
  campaign: MilestoneCampaign,
  quietDays: number,
): RenderedEmail & { subject: string } {
  const tip =
    campaign.donations === 0
      ? 'Tip: send the link to five people who know you well, one by one, with a line in your own words about why this matters. Personal messages bring far more first gifts than a post.'
      : 'Tip: post an update with a photo of what the money has done so far, then share it in your WhatsApp groups. Donors who see progress give again and pass it on.';
  return {
    subject: `No donations to ${campaign.name} for ${quietDays} days`,
    ...renderEmail({
      preview: 'A quiet week: one message can change that.',
      firstName: campaign.ownerFirstName,
      intro: [
        `${campaign.name} has had no donations for ${quietDays} days. It has raised ${formatMoney(campaign.raised, campaign.currencyId)} so far.`,
        tip,
      ],
      action: { label: 'Share on WhatsApp', link: shareLink(campaign) },
      outro: [
        `Post an update from your campaign's page in My Campaigns: ${env.publicUrl}${profileTabHref(PROFILE_TAB.campaigns)}`,
      ],
      unsubscribe: { label: UNSUBSCRIBE_LABELS.quiet, link: optOutLink(campaign.ownerId, 'quiet') },
    }),
  };
}

import { createHash } from 'node:crypto';
import {
  acceptsDonations,
  barometerOf,
  campaignHref,
  donationHref,
  donorsText,
  progressPercent,
} from '~/lib/campaignDisplay';
import { DONATIONS_PAUSED_MESSAGE } from '~/lib/campaignModeration';
import { formatMoney } from '~/lib/money';
import { imageUrl } from '~/lib/server/platform/files';
import { withReferral } from '~/lib/share';
import { escapeMarkup } from './markup';
import type { OutreachCampaign } from './outreachCampaign';

// The whole look in a few hundred bytes: the widget loads inside someone else's page, so it
// brings no framework, no script and no stylesheet request of its own.
const WIDGET_CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2a24;background:#fff}',
  '.w{max-width:420px;margin:0 auto;border:1px solid #d9e2dd;border-radius:10px;overflow:hidden}',
  'img{display:block;width:100%;height:auto;aspect-ratio:8/5;object-fit:cover;background:#e6f4ee}',
  '.b{padding:12px 14px 14px}',
  'h1{font-size:16px;line-height:1.3;margin:0 0 6px}',
  'h1 a{color:inherit;text-decoration:none}h1 a:hover{text-decoration:underline}',
  '.t{margin:0 0 8px;color:#5b6b63}.t strong{color:#1d2a24;font-size:18px}',
  'progress{display:block;width:100%;height:8px;margin:0 0 12px;appearance:none;border:0;border-radius:4px;background:#e6f4ee;overflow:hidden}',
  'progress::-webkit-progress-bar{background:#e6f4ee}',
  'progress::-webkit-progress-value{background:#0b6e4f}progress::-moz-progress-bar{background:#0b6e4f}',
  '.d{display:block;text-align:center;padding:10px;border-radius:6px;background:#0b6e4f;color:#fff;font-weight:700;text-decoration:none}',
  '.d:hover,.d:focus{background:#08543c}',
  '.n{margin:0;color:#5b6b63}',
].join('');

const CSS_HASH = `sha256-${createHash('sha256').update(WIDGET_CSS).digest('base64')}`;

/**
 * The widget's policy: its one stylesheet by hash, images from this site, nothing else may load or
 * run; and, unlike every other page, any site may frame it (securityHeaders keeps it so).
 */
export const WIDGET_CSP = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src '${CSS_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Width of the image variant the widget shows: it is at most 420 CSS pixels wide. */
const WIDGET_IMAGE_WIDTH = 480;

function progressHtml(campaign: OutreachCampaign): string {
  const barometer = barometerOf(campaign.showBarometer, campaign);
  if (barometer.kind === 'hidden') return '';
  if (barometer.kind === 'donors') return `<p class="n">${escapeMarkup(donorsText(barometer.donors))}</p>`;
  if (barometer.max <= 0) return '';
  const percent = progressPercent(campaign.totalRaised, campaign.donationTarget);
  return (
    `<progress max="${barometer.max}" value="${barometer.value}" aria-label="Progress towards the target">` +
    `${percent}%</progress>`
  );
}

function totalHtml(campaign: OutreachCampaign): string {
  const raised = `<strong>${escapeMarkup(formatMoney(campaign.totalRaised, campaign.currency))}</strong> raised`;
  if (!(campaign.donationTarget > 0)) return `<p class="t">${raised}</p>`;
  const target = escapeMarkup(formatMoney(campaign.donationTarget, campaign.currency));
  return `<p class="t">${raised} of ${target}</p>`;
}

function donateHtml(campaign: OutreachCampaign): string {
  if (campaign.donationsPaused) return `<p class="n">${escapeMarkup(DONATIONS_PAUSED_MESSAGE)}</p>`;
  if (!acceptsDonations({ published: true, status: campaign.status, endDate: campaign.endDate }))
    return '<p class="n">This campaign is no longer taking donations.</p>';
  // A new tab: giving happens on this site's own page, never inside the partner's frame.
  const href = escapeMarkup(withReferral(donationHref(campaign.url), 'widget'));
  return `<a class="d" href="${href}" target="_blank" rel="noopener">Donate</a>`;
}

/**
 * /embed/campaign/{url}: the donate widget as a complete HTML document. Links are relative: the
 * frame's address is this site, wherever the frame sits.
 */
export function widgetHtml(campaign: OutreachCampaign): string {
  const name = escapeMarkup(campaign.name);
  const image = campaign.image
    ? `<img src="${escapeMarkup(imageUrl(campaign.image, WIDGET_IMAGE_WIDTH))}" alt="${escapeMarkup(campaign.image.alt ?? campaign.name)}" width="${WIDGET_IMAGE_WIDTH}" height="300">`
    : '';
  const page = escapeMarkup(withReferral(campaignHref(campaign.url), 'widget'));
  return [
    '<!doctype html>',
    '<html lang="en-ZA"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${name}</title><style>${WIDGET_CSS}</style></head>`,
    `<body><article class="w">${image}<div class="b">`,
    `<h1><a href="${page}" target="_blank" rel="noopener">${name}</a></h1>`,
    totalHtml(campaign),
    progressHtml(campaign),
    donateHtml(campaign),
    '</div></article></body></html>',
    '',
  ].join('\n');
}

/**
 * Where a gift came from (issue 26): every share link, the QR code, the poster and the widget
 * carry `?ref={channel}`; the campaign page hands it to the donation page, whose form sends it as
 * `referralChannel`, and the donation keeps it. No cookie and nothing about the person: only the
 * channel's name.
 */
export const REFERRAL_CHANNELS = [
  'whatsapp',
  'facebook',
  'x',
  'email',
  'qr',
  'widget',
  'snapscan',
  'direct',
  'unknown',
] as const;

export type ReferralChannel = (typeof REFERRAL_CHANNELS)[number];

/** How the dashboard names each channel. */
export const REFERRAL_CHANNEL_LABELS: Record<ReferralChannel, string> = {
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  x: 'X',
  email: 'Email',
  qr: 'QR poster',
  widget: 'Widget',
  snapscan: 'SnapScan poster',
  direct: 'Direct',
  unknown: 'Unknown',
};

/** What the donation calls answer (400) for a `referralChannel` that names no channel. */
export const REFERRAL_CHANNEL_MESSAGE = `Referral channel must be one of: ${REFERRAL_CHANNELS.join(', ')}.`;

export const isReferralChannel = (value: string): value is ReferralChannel =>
  (REFERRAL_CHANNELS as readonly string[]).includes(value);

/** The channels a link may name with `?ref=` (direct and unknown are what we say without one). */
const LINKED: ReadonlySet<string> = new Set(
  REFERRAL_CHANNELS.filter((c) => c !== 'direct' && c !== 'unknown'),
);

/**
 * The channel a `ref` parameter names, or undefined when it names none we know: the page then
 * links to the donation page without one, and the gift counts as direct.
 */
export function referralChannelOf(ref: string | null | undefined): ReferralChannel | undefined {
  const value = ref?.trim().toLowerCase();
  return value && LINKED.has(value) ? (value as ReferralChannel) : undefined;
}

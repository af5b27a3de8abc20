/**
 * The refund policy both sides apply (docs/api/refunds.md "Donors ask for a refund", the Giving
 * safely page): a donor may ask within this many days of their gift being received.
 */
export const REFUND_REQUEST_WINDOW_DAYS = 30;

export const REFUND_REQUEST_MESSAGES = {
  reason: 'Please tell us why you would like a refund.',
  reasonTooLong: 'Please keep your reason to 1000 characters.',
  sent: 'Your request was sent. The Letsema team will look at it and mail you.',
  notAccepted: 'Only a donation whose payment was received can be refunded.',
  window: `Refunds can be asked for within ${REFUND_REQUEST_WINDOW_DAYS} days of the donation. Please contact us if something is wrong.`,
  nothingLeft: 'This donation was refunded already.',
  pending: 'You already asked for a refund of this donation. The Letsema team will mail you.',
} as const;

/** Whether a gift received at `settledAt` may still be the subject of a refund request at `now`. */
export function withinRefundWindow(settledAt: Date | string, now: Date = new Date()): boolean {
  const at = typeof settledAt === 'string' ? new Date(settledAt) : settledAt;
  return now.getTime() - at.getTime() <= REFUND_REQUEST_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

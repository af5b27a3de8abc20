import { bookCheckedNotification } from './checkedNotification';
import { SnapscanCheckUnavailableError, SnapscanWebhookError, verifySnapscanWebhook } from './snapscan';

/**
 * Verifies and books one SnapScan webhook before the endpoint answers (checkedNotification.ts):
 * 200 once booked or when forged; a 5xx, so SnapScan sends it again, when its Payments API could
 * not be read or booking fails.
 */
export function processSnapscanWebhook(rawBody: string, authorization: string | null): Promise<void> {
  return bookCheckedNotification(
    {
      gateway: 'snapscan',
      name: 'SnapScan webhook',
      retryMessage: "SnapScan's Payments API could not be read; send the webhook again.",
      Unavailable: SnapscanCheckUnavailableError,
      Invalid: SnapscanWebhookError,
    },
    () => verifySnapscanWebhook(rawBody, authorization),
  );
}

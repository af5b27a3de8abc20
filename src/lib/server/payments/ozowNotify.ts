import { bookCheckedNotification } from './checkedNotification';
import { OzowCheckUnavailableError, OzowNotificationError, verifyOzowNotificationPost } from './ozow';

/**
 * Verifies and books one Ozow notification before the endpoint answers (checkedNotification.ts):
 * 200 once booked or when forged; a 5xx, so Ozow sends it again, when Ozow's status check could not
 * be made (OzowCheckUnavailableError) or booking fails.
 */
export function processOzowNotification(form: Record<string, string>): Promise<void> {
  return bookCheckedNotification(
    {
      gateway: 'ozow',
      name: 'Ozow notification',
      retryMessage: "Ozow's status check could not be made; send the notification again.",
      Unavailable: OzowCheckUnavailableError,
      Invalid: OzowNotificationError,
      logged: { reference: form.TransactionReference ?? null },
    },
    () => verifyOzowNotificationPost(form),
  );
}

import * as v from 'valibot';

/**
 * A campaign's thank-you to one donor or to all of them (`POST /campaigns/{id}/donations/thank`),
 * shared by the Donations tab and the endpoint: plain text (the mail escapes it), line breaks kept.
 */

export const THANK_LIMITS = { message: 1000 } as const;

export const THANK_MESSAGES = {
  messageRequired: 'Please write your message.',
  messageTooLong: 'Your message must be at most 1000 characters.',
  donationId: 'Please choose a donation of this campaign.',
} as const;

export const thankDonorsSchema = v.object({
  donationId: v.optional(
    v.nullable(v.pipe(v.string(THANK_MESSAGES.donationId), v.uuid(THANK_MESSAGES.donationId))),
  ),
  message: v.pipe(
    v.string(THANK_MESSAGES.messageRequired),
    v.trim(),
    v.nonEmpty(THANK_MESSAGES.messageRequired),
    v.maxLength(THANK_LIMITS.message, THANK_MESSAGES.messageTooLong),
  ),
});

export type ThankDonorsInput = v.InferOutput<typeof thankDonorsSchema>;

import * as v from 'valibot';
import { multiLine, singleLine, type TextCheck } from './textRules';

/** The back office's inputs (docs/api/admin.md): one rule and one message for the page and the admin API. */

export const ADMIN_LIMITS = { reason: 1000, note: 1000, reference: 100, bannerMessage: 2000 } as const;

export const ADMIN_MESSAGES = {
  reason: 'Please give a reason.',
  reasonTooLong: `The reason must be at most ${ADMIN_LIMITS.reason} characters.`,
  noteTooLong: `The note must be at most ${ADMIN_LIMITS.note} characters.`,
  reference: 'Please enter the bank reference.',
  referenceTooLong: `The bank reference must be at most ${ADMIN_LIMITS.reference} characters.`,
  bannerMessage: 'Please enter the banner message.',
  bannerMessageTooLong: `The banner message must be at most ${ADMIN_LIMITS.bannerMessage} characters.`,
} as const;

const requiredText = (missing: string, max: number, tooLong: string) =>
  v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.maxLength(max, tooLong));

/** Why staff reject or decline something: required, as the owner is told. */
/**
 * An optional text staff may leave out: trimmed, at most `max` characters (`tooLong` past it, and
 * for a value that is not text unless `notText` says otherwise), '' and absent as null, checked by
 * `lineCheck` when given.
 */
export const optionalText = (
  max: number,
  tooLong: string,
  { notText = tooLong, lineCheck }: { notText?: string; lineCheck?: TextCheck<string> } = {},
) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(notText),
        v.trim(),
        v.maxLength(max, tooLong),
        lineCheck ?? v.check(() => true),
        v.transform((s) => s || null),
      ),
    ),
    null,
  );

export const reasonSchema = v.pipe(
  requiredText(ADMIN_MESSAGES.reason, ADMIN_LIMITS.reason, ADMIN_MESSAGES.reasonTooLong),
  multiLine('The reason'),
);

/** The bank's reference for a payout marked paid. */
export const referenceSchema = v.pipe(
  requiredText(ADMIN_MESSAGES.reference, ADMIN_LIMITS.reference, ADMIN_MESSAGES.referenceTooLong),
  singleLine('The bank reference'),
);

/** A refusal's form: its reason. */
export const adminReasonSchema = v.object({ reason: reasonSchema });

/** Marking a payout paid: its bank reference. */
export const payoutReferenceSchema = v.object({ reference: referenceSchema });

/** Staff's optional note on an accept: kept in the audit log. */
export const noteSchema = v.pipe(
  v.string(ADMIN_MESSAGES.noteTooLong),
  v.trim(),
  v.maxLength(ADMIN_LIMITS.note, ADMIN_MESSAGES.noteTooLong),
);

/** An accept's form: its optional note. */
export const adminNoteSchema = v.object({ note: noteSchema });

export const MOVE_MESSAGES = {
  destination: 'Please choose where the money goes: an organisation or the owner.',
  organisation: 'Please find and choose the organisation.',
  fundingType: 'Please choose Standard or Bluetick.',
} as const;

/**
 * The back office's "Move money" form (`PATCH /admin/campaigns/{id}/organisation`): an
 * organisation found by name, or the campaign's owner as Standard ('0') or Bluetick ('1'),
 * and the reason kept in the audit log.
 */
export const campaignMoveFormSchema = v.pipe(
  v.object({
    destination: v.picklist(['organisation', 'owner'], MOVE_MESSAGES.destination),
    organisationId: v.optional(v.string(), ''),
    fundingType: v.optional(v.picklist(['0', '1'], MOVE_MESSAGES.fundingType), '0'),
    reason: reasonSchema,
  }),
  v.forward(
    v.partialCheck(
      [['destination'], ['organisationId']],
      (m) => m.destination !== 'organisation' || !!m.organisationId,
      MOVE_MESSAGES.organisation,
    ),
    ['organisationId'],
  ),
);

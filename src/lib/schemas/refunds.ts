import * as v from 'valibot';
import { m } from '~/lib/i18n';
import { ADMIN_LIMITS, ADMIN_MESSAGES, optionalText, reasonSchema, referenceSchema } from './admin';
import { hasUnsafeMultiLineCharacters, singleLine } from './textRules';

/** Staff's refund forms and the admin refund API (docs/api/refunds.md): one rule, one message. */

export const REFUND_MESSAGES = {
  amount: 'Enter an amount of at least R 0.01, or leave it empty to refund all that remains.',
  key: 'The idempotency key must be 1 to 200 characters.',
} as const;

/** An optional amount in rand (or dollars) with at most two decimals; empty or null means "all that remains". */
const optionalAmount = v.optional(
  v.nullable(
    v.pipe(
      v.union(
        [
          v.number(),
          v.pipe(
            v.string(),
            v.trim(),
            v.transform((text) => (text === '' ? null : Number(text))),
          ),
        ],
        REFUND_MESSAGES.amount,
      ),
      v.check(
        (value) =>
          value === null ||
          (Number.isFinite(value) && value >= 0.01 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6),
        REFUND_MESSAGES.amount,
      ),
    ),
  ),
  null,
);

/** The bank reference of a refund staff paid by bank transfer (EFT and gateways without a refund call). */
const optionalBankReference = optionalText(ADMIN_LIMITS.reference, ADMIN_MESSAGES.referenceTooLong, {
  lineCheck: singleLine('The bank reference'),
});

/** `POST /admin/donations/{id}/refund`: `{ amount?, reason, bankReference?, idempotencyKey? }`. */
export const refundSchema = v.object({
  amount: optionalAmount,
  reason: reasonSchema,
  bankReference: optionalBankReference,
  idempotencyKey: v.optional(
    v.nullable(
      v.pipe(
        v.string(REFUND_MESSAGES.key),
        v.trim(),
        v.minLength(1, REFUND_MESSAGES.key),
        v.maxLength(200, REFUND_MESSAGES.key),
      ),
    ),
    null,
  ),
});
export type RefundInput = v.InferOutput<typeof refundSchema>;

/** `POST /admin/campaigns/{id}/refund-all`: `{ reason }`. */
export const refundAllSchema = v.object({ reason: reasonSchema });

/** `POST /admin/donations/{id}/chargeback`: a card chargeback the bank reported, `{ amount?, reason, reference }`. */
export const chargebackSchema = v.object({
  amount: optionalAmount,
  reason: reasonSchema,
  reference: referenceSchema,
});

/** `POST /admin/refunds/{id}/reverse`: the dispute was won, `{ reason }`. */
export const reverseChargebackSchema = v.object({ reason: reasonSchema });

/**
 * A donor asks for a refund: `{ reason }`. The messages are REFUND_REQUEST_MESSAGES (refundPolicy.ts)
 * and multiLine('Your reason') in the donor's language, read when the reason is checked.
 */
export const refundRequestSchema = v.object({
  reason: v.pipe(
    v.string(() => m.thanks_refund_reason_required()),
    v.trim(),
    v.nonEmpty(() => m.thanks_refund_reason_required()),
    v.maxLength(1000, () => m.thanks_refund_reason_too_long()),
    v.check(
      (text) => !hasUnsafeMultiLineCharacters(text),
      () => m.thanks_refund_reason_unsafe(),
    ),
  ),
});

/** Staff decide a donor's request: refund it (all that remains) or decline it with a note the donor reads. */
export const refundRequestDecisionSchema = v.variant('decision', [
  v.object({ decision: v.literal('refund'), bankReference: optionalBankReference }),
  v.object({ decision: v.literal('decline'), note: reasonSchema }),
]);
export type RefundRequestDecision = v.InferOutput<typeof refundRequestDecisionSchema>;

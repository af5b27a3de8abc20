import { randomUUID } from 'node:crypto';
import { jsonState } from './jsonState';

/**
 * The refunds the simulators have made, for every gateway: each gateway's refund endpoint checks
 * its own protocol (signature, token, key) and then books here, against what its own record says
 * was paid. A refund beyond what remains of the payment is refused, as every provider refuses it;
 * a retry with the same idempotency key (PayPal-Request-Id, our ledger row's id) answers the first
 * refund again. A reason containing SANDBOX_REFUSE makes the simulator refuse, so a refused refund
 * can be tried (docs/api/refunds.md).
 */

export const SANDBOX_REFUSE = 'SANDBOX-REFUSE';

export interface SandboxRefund {
  id: string;
  gateway: string;
  paymentId: string;
  amountCents: number;
  reason: string;
  key: string | null;
  createdAt: string;
}

interface RefundState {
  refunds: SandboxRefund[];
}

const store = jsonState<RefundState>('refunds', () => ({ refunds: [] }));

export type SandboxRefundResult =
  | { ok: true; refund: SandboxRefund; replayed: boolean }
  | { ok: false; status: number; message: string };

/** Every refund of one payment at one gateway. */
export function sandboxRefundsOf(gateway: string, paymentId: string): SandboxRefund[] {
  const id = paymentId.toLowerCase();
  return store.get().refunds.filter((r) => r.gateway === gateway && r.paymentId.toLowerCase() === id);
}

/** Refunds `amountCents` of a payment of `paidCents`, unless it would take more than remains. */
export function sandboxRefund(input: {
  gateway: string;
  paymentId: string;
  paidCents: number;
  amountCents: number;
  reason: string;
  key?: string | null;
}): SandboxRefundResult {
  const state = store.get();
  if (input.key) {
    const earlier = state.refunds.find((r) => r.gateway === input.gateway && r.key === input.key);
    if (earlier) return { ok: true, refund: earlier, replayed: true };
  }
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0)
    return { ok: false, status: 400, message: 'The refund amount must be whole cents above 0.' };
  if (input.reason.includes(SANDBOX_REFUSE))
    return {
      ok: false,
      status: 422,
      message: 'The refund was declined (the simulator was asked to refuse it).',
    };
  const refunded = sandboxRefundsOf(input.gateway, input.paymentId).reduce(
    (sum, r) => sum + r.amountCents,
    0,
  );
  if (refunded + input.amountCents > input.paidCents)
    return {
      ok: false,
      status: 422,
      message: `The refund exceeds what remains of the payment (${input.paidCents - refunded} cents).`,
    };
  const refund: SandboxRefund = {
    id: randomUUID(),
    gateway: input.gateway,
    paymentId: input.paymentId,
    amountCents: input.amountCents,
    reason: input.reason,
    key: input.key ?? null,
    createdAt: new Date().toISOString(),
  };
  state.refunds.push(refund);
  if (state.refunds.length > 3000) state.refunds.splice(0, state.refunds.length - 3000);
  store.save();
  return { ok: true, refund, replayed: false };
}

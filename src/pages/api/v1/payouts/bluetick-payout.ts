import type { APIRoute } from 'astro';
import {
  bluetickPayoutSchema,
  PAYOUT_MESSAGES,
  PayoutOption,
  payoutOptionSchema,
  supplierBankingFieldSchema,
} from '~/lib/schemas/payout';
import { requireUser } from '~/lib/server/accounts/session';
import { filesOf, MAX_VERIFICATION_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { bluetickPayoutGate, requestBluetickPayout } from '~/lib/server/payouts/requestBluetickPayout';

/** A Bluetick campaign's payout by invoice (the default) or to its banking details (docs/api/payouts.md). */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const option = parseInput(payoutOptionSchema, ctx.url.searchParams.get('payoutOption'));
  // campaignId comes first and is checked before any file is read.
  const form = await readMultipart(
    ctx.request,
    MAX_VERIFICATION_FORM_BYTES,
    ['bankingDetails'],
    bluetickPayoutGate(user),
  );
  const input = parseInput(bluetickPayoutSchema, form.fields);
  const supplier =
    option === PayoutOption.Invoice
      ? parseInput(supplierBankingFieldSchema, form.fields).bankingDetails
      : null;
  const payout = await requestBluetickPayout(user, option, input, supplier, {
    invoice: filesOf(form, 'blueTickPayoutDocument'),
    documents: filesOf(form, 'documents'),
  });
  return ok(payout, PAYOUT_MESSAGES.created, { status: 201 });
};

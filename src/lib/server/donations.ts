import { eq } from 'drizzle-orm';
import { DonationStatus, DonationType, PaymentGateway } from '../enums';
import { toCents } from '../money';
import { DONATION_MESSAGES, singleDonationSchema } from '../schemas/donation';
import { assertCaptcha } from './captcha';
import { getDb } from './db';
import { donations } from './db/schema';
import { sendEftInstructions } from './donationMail';
import {
  assertAcceptsDonations,
  assertPaymentMethod,
  campaignAmountOf,
  checkTipOrFee,
  findDonationCampaign,
  newReference,
  returnUrls,
} from './donationRules';
import { signDonationToken } from './donationTokens';
import { currencyInfo, type DonationView, donationView } from './donationView';
import { badRequest, HttpError } from './http';
import { startPayment } from './payments';
import type { PaymentStart } from './payments/types';
import type { SessionUser } from './session';
import { parseInput } from './validate';

/** `POST /donations` and `/donations/logged-in` (docs/api/donations.md "Calls"). */

export const DONATION_CREATE_MESSAGES = {
  created: 'Donation created.',
  paymentNotStarted: 'The payment could not be started. Please try again.',
} as const;

export interface CreateDonationOptions {
  /** The signed-in donor; null for a visitor, who must pass the captcha. */
  user: SessionUser | null;
  remoteAddress: string | null;
}

/**
 * Validates a once-off donation, checks the campaign, the payment method and
 * the tip or fee, then (for visitors) the captcha, stores it Pending and
 * starts the payment. Settlement is the gateway notification's job.
 */
export async function createDonation(
  body: Record<string, unknown>,
  options: CreateDonationOptions,
): Promise<DonationView> {
  const input = parseInput(singleDonationSchema, body);
  if (input.type !== DonationType.OneOff)
    throw badRequest(DONATION_MESSAGES.paymentType, { type: [DONATION_MESSAGES.paymentType] });
  const campaign = await findDonationCampaign(body);
  assertAcceptsDonations(campaign);
  assertPaymentMethod(campaign, input.currencyId, input.paymentMethod);
  const amountCents = toCents(input.amount);
  const tipCents = toCents(input.tipOrAdminFeeAmount);
  const { adminFeeCovered } = checkTipOrFee(campaign, input.currencyId, amountCents, tipCents);
  if (!options.user) await assertCaptcha(input.recaptchaToken, options.remoteAddress);

  const db = await getDb();
  const [row] = await db
    .insert(donations)
    .values({
      campaignId: campaign.id,
      userId: options.user?.id ?? null,
      type: DonationType.OneOff,
      currencyId: input.currencyId,
      amount: amountCents,
      ...campaignAmountOf(amountCents, input.currencyId, campaign.currency.id),
      tipAmount: tipCents,
      adminFeeCovered,
      paymentMethod: input.paymentMethod,
      status: DonationStatus.Pending,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      mobileNumber: input.mobileNumber,
      anonymous: input.anonymous,
      displayName: input.displayName || null,
      comment: input.comment || null,
      reference: newReference('LTS-'),
    })
    .returning();
  if (!row) throw new Error('donation not inserted');

  const token = signDonationToken(row.id);
  let start: PaymentStart;
  try {
    start = await startPayment(input.paymentMethod, {
      reference: row.reference,
      amountCents: amountCents + tipCents,
      currencyId: input.currencyId,
      itemName: campaign.name,
      donor: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobileNumber: row.mobileNumber,
      },
      ...returnUrls(campaign, token),
    });
  } catch (error) {
    // The donor can start again; a donation whose payment never began is not left Pending.
    await db.update(donations).set({ status: DonationStatus.Rejected }).where(eq(donations.id, row.id));
    console.error(`Payment ${row.reference} (method ${input.paymentMethod}) could not be started:`, error);
    throw new HttpError(502, DONATION_CREATE_MESSAGES.paymentNotStarted, null, 'payment_unavailable');
  }

  // The bank details by mail too; it never throws, and the answer need not wait for it.
  if (input.paymentMethod === PaymentGateway.EFT) void sendEftInstructions(row.id);
  let saved = row;
  if (start.kind === 'redirect' && start.gatewayOrderId) {
    const [updated] = await db
      .update(donations)
      .set({ orderId: start.gatewayOrderId })
      .where(eq(donations.id, row.id))
      .returning();
    saved = updated ?? row;
  }
  return donationView(saved, { campaign, currency: await currencyInfo(input.currencyId), start });
}

import { eq } from 'drizzle-orm';
import type { Donation } from '~/lib/contracts/donations';
import { DonationStatus, DonationType, PaymentGateway } from '~/lib/enums';
import { toCents } from '~/lib/money';
import { donationMessage, type SingleDonationInput } from '~/lib/schemas/donation';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { badRequest } from '~/lib/server/http/errors';
import { assertCaptcha, verifyCaptcha } from '~/lib/server/platform/captcha';
import { gatewayLabel, metrics } from '~/lib/server/platform/metrics';
import {
  enforceRateLimits,
  RATE_LIMITS,
  type RateLimitCheck,
  tooManyRequests,
} from '~/lib/server/platform/rateLimit';
import { sendEftInstructions } from './mail';
import { PAYMENT_START_MESSAGES, startDonationPayment } from './payment';
import {
  assertAcceptsDonations,
  assertPaymentMethod,
  assertReferralChannel,
  campaignAmountOf,
  checkTipOrFee,
  donorColumns,
  findDonationCampaign,
  newReference,
} from './rules';
import { signDonationToken } from './tokens';
import { currencyInfo, donationView } from './view';

/** `POST /donations` and `/donations/logged-in` (docs/api/donations.md "Calls"). */

export const DONATION_CREATE_MESSAGES = {
  created: 'Donation created.',
  paymentNotStarted: PAYMENT_START_MESSAGES.notStarted,
} as const;

export interface CreateDonationOptions {
  /** The signed-in donor; null for a visitor, who must pass the captcha. */
  user: SessionUser | null;
  remoteAddress: string | null;
  /**
   * The page's own form without JavaScript (form.ts): its guards (the address counted for every
   * post, a honeypot and a minimum fill time) stand in for the captcha, which cannot run there.
   */
  formGuarded?: boolean;
}

/**
 * Each donation can mail its donor address, so an account and an address may
 * start only so many (docs/api/accounts.md "Rate limits"); past that, 429.
 */
async function limitDonations(options: CreateDonationOptions): Promise<void> {
  const checks: RateLimitCheck[] = [];
  if (options.user) checks.push({ rule: RATE_LIMITS.donationAccount, subject: options.user.id });
  if (options.remoteAddress)
    checks.push({ rule: RATE_LIMITS.donationAddress, subject: options.remoteAddress });
  await enforceRateLimits(checks, tooManyRequests);
}

/**
 * Whether the EFT instructions may be mailed to the donation's address: a
 * visitor passed the captcha already; a signed-in donor giving another
 * address must pass one too, or the platform would mail anyone on request.
 */
async function mayMailDonor(input: SingleDonationInput, options: CreateDonationOptions): Promise<boolean> {
  const { user } = options;
  if (!user || user.email.toLowerCase() === input.email.toLowerCase()) return true;
  return verifyCaptcha(input.recaptchaToken, options.remoteAddress);
}

/**
 * Takes a once-off donation (parsed with singleDonationSchema): checks the
 * rate limits, the campaign, the payment method and the tip or fee, then (for
 * visitors) the captcha, stores it Pending and starts the payment. Settlement
 * is the gateway notification's job.
 */
export async function createDonation(
  input: SingleDonationInput,
  options: CreateDonationOptions,
): Promise<Donation> {
  assertReferralChannel(input);
  if (!options.formGuarded) await limitDonations(options);
  if (input.type !== DonationType.OneOff)
    throw badRequest(donationMessage('paymentType'), { type: [donationMessage('paymentType')] });
  const campaign = await findDonationCampaign(input);
  assertAcceptsDonations(campaign);
  assertPaymentMethod(campaign, input.currencyId, input.paymentMethod);
  const amountCents = toCents(input.amount);
  const tipCents = toCents(input.tipOrAdminFeeAmount);
  const { adminFeeCovered } = checkTipOrFee(campaign, input.currencyId, amountCents, tipCents);
  if (!options.user && !options.formGuarded) await assertCaptcha(input.recaptchaToken, options.remoteAddress);

  // Asked before the donation is written: a captcha check is a call to another service.
  const mailEft = input.paymentMethod === PaymentGateway.EFT && (await mayMailDonor(input, options));
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
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
        ...donorColumns(input),
        reference: newReference('LTS-'),
      })
      .returning();
    if (!inserted) throw new Error('donation not inserted');
    // The bank details by mail too (the /thanks page shows them either way), queued with the donation.
    if (mailEft) await sendEftInstructions(tx, inserted.id);
    return inserted;
  });
  metrics.donationsCreated.inc({ gateway: gatewayLabel(input.paymentMethod) });

  const start = await startDonationPayment({
    method: input.paymentMethod,
    row,
    campaign,
    token: signDonationToken(row.id, row.createdAt),
    amountCents: amountCents + tipCents,
    markNotStarted: () =>
      db.update(donations).set({ status: DonationStatus.Rejected }).where(eq(donations.id, row.id)),
  });

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

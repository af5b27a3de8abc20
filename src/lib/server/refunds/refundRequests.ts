import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { thanksHref } from '~/lib/campaignDisplay';
import type { AdminRefundRequest, RefundRequestState, RefundRequestView } from '~/lib/contracts/refunds';
import { DonationStatus, RefundRequestStatus } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { fromCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { REFUND_REQUEST_WINDOW_DAYS, withinRefundWindow } from '~/lib/refundPolicy';
import type { RefundRequestDecision } from '~/lib/schemas/refunds';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaigns, currencies, donations, refundRequests } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { signDonationToken } from '~/lib/server/donations/tokens';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { sendMail } from '~/lib/server/mail/send';
import { refundableAtGateway } from '~/lib/server/payments/refunds';
import { recordAudit } from '~/lib/server/platform/audit';
import { env } from '~/lib/server/platform/env';
import { renderEmail } from '~/lib/server/platform/mailLayout';
import { lockDonation, remainderOf } from './ledger';
import { refundedCentsOf } from './netSql';
import { refundDonation } from './refundDonation';

/**
 * Donors ask for a refund (docs/api/refunds.md "Donors ask for a refund"): from /thanks by the
 * donation's token or from My Donations, within REFUND_REQUEST_WINDOW_DAYS of the gift, one pending
 * request at a time. Staff refund it (all that remains, through refundDonation) or decline it with a
 * note; the donor sees the state and is mailed.
 */

type DonationRow = typeof donations.$inferSelect;
type RequestRow = typeof refundRequests.$inferSelect;

export const REFUND_REQUEST_DECISION_MESSAGES = {
  notFound: 'Refund request not found.',
  decided: 'This request was decided already.',
  refunded: 'The donation was refunded and the donor mailed.',
  declined: 'The request was declined and the donor mailed.',
} as const;

const viewOf = (row: RequestRow): RefundRequestView => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  decisionNote: row.decisionNote,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/**
 * Why the donor may not ask now, or null: REFUND_REQUEST_MESSAGES (refundPolicy.ts) in the
 * donor's language (the API caller's Accept-Language).
 */
async function cannotAskProblem(
  tx: Tx,
  donation: DonationRow,
  latest: RequestRow | undefined,
): Promise<string | null> {
  if (donation.status !== DonationStatus.Accepted) return m.thanks_refund_not_accepted();
  if (latest?.status === RefundRequestStatus.Pending) return m.thanks_refund_already_pending();
  if ((await remainderOf(tx, donation)).amount <= 0) return m.thanks_refund_nothing_left();
  if (!withinRefundWindow(donation.settledAt ?? donation.createdAt))
    return m.thanks_refund_window({ days: REFUND_REQUEST_WINDOW_DAYS });
  return null;
}

async function latestRequest(tx: Tx, donationId: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(refundRequests)
    .where(eq(refundRequests.donationId, donationId))
    .orderBy(desc(refundRequests.createdAt))
    .limit(1);
  return row;
}

/** `GET /donations/{key}/refund-request`: the donor's latest request and whether they may ask. */
export async function refundRequestStateOf(donation: DonationRow): Promise<RefundRequestState> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const latest = await latestRequest(tx, donation.id);
    return {
      request: latest ? viewOf(latest) : null,
      cannotAsk: await cannotAskProblem(tx, donation, latest),
    };
  });
}

/** `POST /donations/{key}/refund-request` `{ reason }`: one pending request per donation (under its row lock). */
export async function requestRefund(
  donationId: string,
  reason: string,
  user: SessionUser | null,
): Promise<RefundRequestState> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const donation = await lockDonation(tx, donationId);
    const latest = await latestRequest(tx, donation.id);
    const problem = await cannotAskProblem(tx, donation, latest);
    if (problem) throw badRequest(problem);
    const [row] = await tx
      .insert(refundRequests)
      .values({ donationId: donation.id, userId: user?.id ?? null, reason })
      .returning();
    if (!row) throw new Error('The refund request was not saved.');
    await recordAudit(
      {
        actorId: user?.id ?? null,
        action: 'refund-request',
        entity: 'donation',
        entityId: donation.id,
        details: { requestId: row.id },
      },
      tx,
    );
    return { request: viewOf(row), cannotAsk: m.thanks_refund_already_pending() };
  });
}

/** `GET /admin/refund-requests`: the pending requests, oldest first. */
export async function listPendingRefundRequests(): Promise<AdminRefundRequest[]> {
  const db = await getDb();
  const rows = await db
    .select({
      request: refundRequests,
      donation: donations,
      campaignName: campaigns.name,
      campaignUrl: campaigns.url,
      refunded: sql<number>`${refundedCentsOf(donations.id)}::bigint`.mapWith(Number),
      currency: currencies,
    })
    .from(refundRequests)
    .innerJoin(donations, eq(donations.id, refundRequests.donationId))
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .innerJoin(currencies, eq(currencies.id, donations.currencyId))
    .where(eq(refundRequests.status, RefundRequestStatus.Pending))
    .orderBy(asc(refundRequests.createdAt))
    .limit(200);
  return rows.map(({ request, donation: d, campaignName, campaignUrl, refunded, currency }) => ({
    ...viewOf(request),
    donationId: d.id,
    reference: d.reference,
    donorName: fullName(d),
    donorEmail: d.email,
    campaignName,
    campaignUrl,
    paymentMethod: d.paymentMethod,
    gatewayRefund: refundableAtGateway(d),
    currency: {
      id: currency.id,
      name: currency.name,
      ticker: currency.ticker,
      symbol: currency.symbol,
      locale: currency.locale,
    },
    amount: fromCents(d.amount),
    remainingAmount: fromCents(d.amount - refunded),
    settledAt: d.settledAt?.toISOString() ?? null,
  }));
}

/** Queues the donor's mail about a declined request, in the decline's transaction. */
async function mailDecline(tx: Tx, request: RequestRow, note: string): Promise<void> {
  const [row] = await tx
    .select({
      id: donations.id,
      email: donations.email,
      firstName: donations.firstName,
      campaignName: campaigns.name,
    })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(eq(donations.id, request.donationId));
  if (!row?.email) return;
  await sendMail(
    {
      to: row.email,
      subject: `Your refund request for ${row.campaignName}`,
      ...renderEmail({
        preview: 'We looked at your request.',
        firstName: row.firstName,
        intro: [
          `We looked at your request for a refund of your donation to ${row.campaignName}, and we cannot refund it.`,
          note,
        ],
        details: [{ label: 'Your reason', value: request.reason }],
        action: {
          label: 'Your donation',
          link: `${env.publicUrl}${thanksHref(signDonationToken(row.id, new Date()))}`,
        },
        outro: ['Reply to this mail if you would like to tell us more.'],
      }),
    },
    { tx, capped: false },
  );
}

/**
 * `PATCH /admin/refund-requests/{id}`: staff refund the donation (all that remains, key
 * `refund-request:{id}`, so a double press refunds once) or decline with a note. One audit entry
 * (the refund's own when refunded); the donor is mailed either way.
 */
export async function decideRefundRequest(
  admin: SessionUser,
  id: string,
  decision: RefundRequestDecision,
): Promise<RefundRequestView> {
  const requestId = uuidOrNull(id);
  if (!requestId) throw notFound(REFUND_REQUEST_DECISION_MESSAGES.notFound);
  const db = await getDb();
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
  if (!request) throw notFound(REFUND_REQUEST_DECISION_MESSAGES.notFound);
  if (request.status !== RefundRequestStatus.Pending)
    throw badRequest(REFUND_REQUEST_DECISION_MESSAGES.decided);
  if (decision.decision === 'refund') {
    const { refund } = await refundDonation({
      donationId: request.donationId,
      reason: `Refund requested by the donor: ${request.reason}`,
      idempotencyKey: `refund-request:${request.id}`,
      actorId: admin.id,
      bankReference: decision.bankReference,
    });
    const [row] = await db
      .update(refundRequests)
      .set({
        status: RefundRequestStatus.Refunded,
        refundId: refund.id,
        decidedById: admin.id,
        decidedAt: new Date(),
      })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, RefundRequestStatus.Pending)))
      .returning();
    return viewOf(row ?? request);
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(refundRequests)
      .set({
        status: RefundRequestStatus.Declined,
        decisionNote: decision.note,
        decidedById: admin.id,
        decidedAt: new Date(),
      })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, RefundRequestStatus.Pending)))
      .returning();
    if (!updated) throw badRequest(REFUND_REQUEST_DECISION_MESSAGES.decided);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-refund-request-decline',
        entity: 'donation',
        entityId: request.donationId,
        details: { requestId: request.id, note: decision.note },
        before: { status: 'pending' },
        after: { status: 'declined' },
      },
      tx,
    );
    await mailDecline(tx, updated, decision.note);
    return updated;
  });
  return viewOf(row);
}

import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { AdminQueueItem, AdminQueueName, AdminQueues } from '~/lib/contracts/admin';
import type { AdminReview } from '~/lib/contracts/adminReview';
import type { Page } from '~/lib/contracts/common';
import { BankingRequestStatus, DonationStatus, PaymentGateway, PayoutStatus } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { fullName, fullNameOr } from '~/lib/people';
import { getDb } from '~/lib/server/db';
import { withPayoutOwner } from '~/lib/server/db/joins';
import { readPage } from '~/lib/server/db/paged';
import {
  bankingDetails,
  campaigns,
  currencies,
  donations,
  organisations,
  organisationVerifications,
  payouts,
  users,
} from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import type { PageQuery } from '~/lib/server/http/paging';
import { ADMIN_API_MESSAGES as M } from './messages';
import { bankingReview } from './review/bankingReview';
import { campaignReview } from './review/campaignReview';
import { eftReview } from './review/eftReview';
import { organisationReview } from './review/organisationReview';
import { payoutReview } from './review/payoutReview';

type Loader = (page: PageQuery) => Promise<Page<AdminQueueItem>>;

interface QueueDefinition {
  /** A page of the queue, oldest first, with its count. */
  list: Loader;
  /** The evidence of one item by its id, or null when there is no such item. */
  review: (id: string) => Promise<AdminReview | null>;
}

const blank = { amount: null, currencyTicker: null, status: null } as const;

/** One queue's page: its rows oldest first by `order`, and its count, each row as an item. */
const queuePage = <Q extends PgSelect>(
  page: PageQuery,
  rows: Q,
  order: AnyPgColumn[],
  total: PromiseLike<number>,
  toItem: (row: Awaited<Q>[number]) => AdminQueueItem,
): Promise<Page<AdminQueueItem>> =>
  readPage(
    page,
    rows,
    order.map((column) => asc(column)),
    total,
    toItem,
  );

/** Submitted, and not reviewed since (a resubmission waits again). */
const awaitingReview = (submittedAt: AnyPgColumn, reviewedAt: AnyPgColumn): SQL =>
  and(isNotNull(submittedAt), or(isNull(reviewedAt), lt(reviewedAt, submittedAt))) as SQL;

/** Whose a banking or payout row is, as a link: its organisation's page, else its campaign's. */
const ownerHref = (r: { organisationUrl: string | null; campaignUrl: string | null }): string | null => {
  if (r.organisationUrl) return `/organization/${r.organisationUrl}`;
  return r.campaignUrl ? `/campaign/${r.campaignUrl}` : null;
};

const campaignAwaiting = awaitingReview(campaigns.verificationSubmittedAt, campaigns.verificationReviewedAt);

const campaignVerifications: Loader = async (page) => {
  const db = await getDb();
  return queuePage(
    page,
    db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        url: campaigns.url,
        since: campaigns.verificationSubmittedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.ownerId))
      .where(campaignAwaiting)
      .$dynamic(),
    [campaigns.verificationSubmittedAt, campaigns.id],
    db.$count(campaigns, campaignAwaiting),
    (r) => ({
      id: r.id,
      title: r.name,
      summary: `Owner ${fullName(r)} (${r.email})`,
      since: (r.since ?? new Date(0)).toISOString(),
      href: `/campaign/${r.url}`,
      ...blank,
    }),
  );
};

const organisationAwaiting = awaitingReview(
  organisationVerifications.submittedAt,
  organisationVerifications.reviewedAt,
);

const organisationVerificationQueue: Loader = async (page) => {
  const db = await getDb();
  return queuePage(
    page,
    db
      .select({
        id: organisations.id,
        legalName: organisations.legalName,
        url: organisations.url,
        email: organisations.email,
        since: organisationVerifications.submittedAt,
      })
      .from(organisationVerifications)
      .innerJoin(organisations, eq(organisations.id, organisationVerifications.organisationId))
      .where(organisationAwaiting)
      .$dynamic(),
    [organisationVerifications.submittedAt, organisations.id],
    db.$count(organisationVerifications, organisationAwaiting),
    (r) => ({
      id: r.id,
      title: r.legalName,
      summary: r.email ? `Organisation contact ${r.email}` : 'Organisation',
      since: (r.since ?? new Date(0)).toISOString(),
      href: `/organization/${r.url}`,
      ...blank,
    }),
  );
};

/** The account number as staff see it in a list: the last 4 digits. */
const masked = (accountNumber: string) => `…${accountNumber.slice(-4)}`;

const bankingPending = eq(bankingDetails.requestStatus, BankingRequestStatus.Pending);

const bankingQueue: Loader = async (page) => {
  const db = await getDb();
  return queuePage(
    page,
    db
      .select({
        id: bankingDetails.id,
        accountHolderName: bankingDetails.accountHolderName,
        bankName: bankingDetails.bankName,
        bankNameAlt: bankingDetails.bankNameAlt,
        accountNumber: bankingDetails.accountNumber,
        since: bankingDetails.createdAt,
        campaignName: campaigns.name,
        campaignUrl: campaigns.url,
        legalName: organisations.legalName,
        organisationUrl: organisations.url,
      })
      .from(bankingDetails)
      .leftJoin(campaigns, eq(campaigns.id, bankingDetails.campaignId))
      .leftJoin(organisations, eq(organisations.id, bankingDetails.organisationId))
      .where(bankingPending)
      .$dynamic(),
    [bankingDetails.createdAt, bankingDetails.id],
    db.$count(bankingDetails, bankingPending),
    (r) => ({
      id: r.id,
      title: `${r.accountHolderName}, ${r.bankNameAlt || r.bankName || 'bank not named'} ${masked(r.accountNumber)}`,
      summary: `For ${r.legalName ?? r.campaignName ?? 'an unknown owner'}`,
      since: r.since.toISOString(),
      href: ownerHref(r),
      ...blank,
    }),
  );
};

const payoutOpen = inArray(payouts.status, [PayoutStatus.Pending, PayoutStatus.Accepted]);
const requester = alias(users, 'requester');

const payoutQueue: Loader = async (page) => {
  const db = await getDb();
  return queuePage(
    page,
    withPayoutOwner(
      db
        .select({
          id: payouts.id,
          status: payouts.status,
          amount: payouts.amount,
          ticker: currencies.ticker,
          option: payouts.payoutOption,
          since: payouts.createdAt,
          campaignName: campaigns.name,
          campaignUrl: campaigns.url,
          legalName: organisations.legalName,
          organisationUrl: organisations.url,
          firstName: requester.firstName,
          lastName: requester.lastName,
        })
        .from(payouts)
        .$dynamic(),
    )
      .leftJoin(requester, eq(requester.id, payouts.requestedById))
      .where(payoutOpen)
      .$dynamic(),
    [payouts.createdAt, payouts.id],
    db.$count(payouts, payoutOpen),
    (r) => ({
      id: r.id,
      title: r.legalName ?? r.campaignName ?? 'Payout',
      summary: [
        `Requested by ${fullNameOr(r, 'a former user')}`,
        r.option === 'invoice' ? 'pay the supplier’s invoice' : null,
      ]
        .filter(Boolean)
        .join(', '),
      since: r.since.toISOString(),
      href: ownerHref(r),
      amount: fromCents(r.amount),
      currencyTicker: r.ticker,
      status: r.status,
    }),
  );
};

const eftAwaiting = and(
  eq(donations.paymentMethod, PaymentGateway.EFT),
  eq(donations.status, DonationStatus.Pending),
) as SQL;

const eftQueue: Loader = async (page) => {
  const db = await getDb();
  return queuePage(
    page,
    db
      .select({
        id: donations.id,
        reference: donations.reference,
        firstName: donations.firstName,
        lastName: donations.lastName,
        total: sql<number>`${donations.amount} + ${donations.tipAmount}`.mapWith(Number),
        ticker: currencies.ticker,
        since: donations.createdAt,
        campaignName: campaigns.name,
        campaignUrl: campaigns.url,
      })
      .from(donations)
      .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .innerJoin(currencies, eq(currencies.id, donations.currencyId))
      .where(eftAwaiting)
      .$dynamic(),
    [donations.createdAt, donations.id],
    db.$count(donations, eftAwaiting),
    (r) => ({
      id: r.id,
      title: `${fullName(r)}, reference ${r.reference}`,
      summary: `To ${r.campaignName}`,
      since: r.since.toISOString(),
      href: `/campaign/${r.campaignUrl}`,
      amount: fromCents(r.total),
      currencyTicker: r.ticker,
      status: null,
    }),
  );
};

/**
 * The queues, once: each key of `GET /admin/queues` with how its page is listed and how one of
 * its items is reviewed (`GET /admin/queues/{queue}/{id}`). Adding a queue is one row here.
 */
const QUEUE_DEFINITIONS: Readonly<Record<AdminQueueName, QueueDefinition>> = {
  campaignVerifications: { list: campaignVerifications, review: campaignReview },
  organisationVerifications: { list: organisationVerificationQueue, review: organisationReview },
  bankingDetails: { list: bankingQueue, review: bankingReview },
  payouts: { list: payoutQueue, review: payoutReview },
  eftDonations: { list: eftQueue, review: eftReview },
};

const QUEUE_NAMES = Object.keys(QUEUE_DEFINITIONS) as AdminQueueName[];

function definitionOf(name: string): QueueDefinition {
  const definition = Object.hasOwn(QUEUE_DEFINITIONS, name)
    ? QUEUE_DEFINITIONS[name as AdminQueueName]
    : undefined;
  if (!definition) throw notFound(M.queueNotFound);
  return definition;
}

/** `GET /admin/queues`: the first page of every queue, oldest first, with its count. */
export async function listAdminQueues(page: PageQuery): Promise<AdminQueues> {
  const pages = await Promise.all(QUEUE_NAMES.map((name) => QUEUE_DEFINITIONS[name].list(page)));
  return Object.fromEntries(QUEUE_NAMES.map((name, i) => [name, pages[i]])) as unknown as AdminQueues;
}

/** `GET /admin/queues/{queue}`: one queue's page; an unknown queue name is 404. */
export async function listAdminQueue(name: string, page: PageQuery): Promise<Page<AdminQueueItem>> {
  return definitionOf(name).list(page);
}

/**
 * `GET /admin/queues/{queue}/{id}`: the evidence of one item of the queue (whether or not it still
 * waits: staff may look back at what they decided). 404 for an unknown queue or item.
 */
export async function reviewQueueItem(name: string, id: string): Promise<AdminReview> {
  const definition = definitionOf(name);
  const itemId = uuidOrNull(id);
  const review = itemId ? await definition.review(itemId) : null;
  if (!review) throw notFound(M.queueItemNotFound);
  return review;
}

import { atom, map } from 'nanostores';
import type { Envelope } from '~/lib/api';
import {
  type AdminCampaignHit,
  type AdminCampaignMove,
  type AdminDecision,
  type AdminOrganisationHit,
  type AdminQueues,
  type AdminSearchKind,
  type AdminSearchResult,
  type CampaignChange,
  changeCampaign,
  decideBankingDetails,
  decideCampaignVerification,
  decideOrganisationVerification,
  decidePayout,
  getQueues,
  markEftReceived,
  moveCampaign,
  searchAdmin,
} from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { payoutRecipientText } from '~/lib/campaignPayee';
import type { Donation } from '~/lib/contracts/donations';
import type { PayoutView } from '~/lib/contracts/payouts';
import type { CurrentUser } from '~/lib/currentUser';
import { FundingType, PayoutStatus } from '~/lib/enums';
import { forgetReview } from './adminReview';
import { onSessionEnd } from './auth';
import { notify } from './toast';

/** Only a platform admin sees the back office; everyone else gets the 404 page (the server refuses them anyway). */
export const isAdmin = (user: CurrentUser | null): boolean => user?.role === 'admin';

export type QueueKind = keyof AdminQueues;

/** The queues in the order of their tabs, with their names. */
export const QUEUES: readonly { kind: QueueKind; label: string }[] = [
  { kind: 'campaignVerifications', label: 'Campaigns' },
  { kind: 'organisationVerifications', label: 'Organisations' },
  { kind: 'bankingDetails', label: 'Banking details' },
  { kind: 'payouts', label: 'Payouts' },
  { kind: 'eftDonations', label: 'EFT donations' },
];

/** A tab's label with how many items wait in its queue: 'Payouts (3)'. */
export const queueTabLabel = (label: string, count: number | undefined): string =>
  count === undefined ? label : `${label} (${count})`;

/** What staff decide about one waiting item. */
export type QueueAction =
  | { type: 'accept'; note?: string }
  | { type: 'reject'; reason: string }
  | { type: 'paid'; reference: string }
  | { type: 'received'; amount: number };

/** The toast after an action when the server's answer carries no message. */
const DONE_MESSAGES: Record<QueueAction['type'], string> = {
  accept: 'Accepted.',
  reject: 'Rejected. The owner has been told why.',
  paid: 'Marked paid.',
  received: 'Donation marked as received.',
};

const SUCCESS_TOAST_MS = 2500;

/** The call that carries out `action` on an item of `kind`. */
function callFor(
  kind: QueueKind,
  id: string,
  action: QueueAction,
): Promise<Envelope<AdminDecision | PayoutView | Donation>> {
  if (kind === 'eftDonations') {
    if (action.type !== 'received') throw new Error(`An EFT donation cannot be ${action.type}ed.`);
    return markEftReceived(id, action.amount);
  }
  if (kind === 'payouts') {
    if (action.type === 'accept')
      return decidePayout(id, { status: PayoutStatus.Accepted, note: action.note });
    if (action.type === 'reject')
      return decidePayout(id, { status: PayoutStatus.Declined, reason: action.reason });
    if (action.type === 'paid')
      return decidePayout(id, { status: PayoutStatus.Paid, reference: action.reference });
    throw new Error('A payout cannot be marked received.');
  }
  if (action.type !== 'accept' && action.type !== 'reject')
    throw new Error(`A verification cannot be ${action.type}.`);
  const decision =
    action.type === 'accept'
      ? { accepted: true, note: action.note }
      : { accepted: false, reason: action.reason };
  if (kind === 'campaignVerifications') return decideCampaignVerification(id, decision);
  if (kind === 'organisationVerifications') return decideOrganisationVerification(id, decision);
  return decideBankingDetails(id, decision);
}

export interface QueuesState {
  queues: AdminQueues | null;
  loading: boolean;
  error: boolean;
}

export const $adminQueues = map<QueuesState>({ queues: null, loading: false, error: false });

/** Loads (or reloads) every queue and its count. */
export async function loadQueues(): Promise<void> {
  $adminQueues.setKey('loading', true);
  try {
    const { data } = await getQueues();
    $adminQueues.set({ queues: data, loading: false, error: false });
  } catch (error) {
    console.warn('Could not load the queues.', error);
    $adminQueues.set({ ...$adminQueues.get(), loading: false, error: true });
  }
}

/**
 * Carries out an action on a waiting item, says so in a toast and reloads the
 * queues (the item leaves its queue, or moves on as a payout does). Resolves
 * to whether it worked; the client has already shown a 400's message.
 */
export async function actOnQueueItem(kind: QueueKind, id: string, action: QueueAction): Promise<boolean> {
  try {
    const body = await callFor(kind, id, action);
    notify({
      type: 'success',
      message: body.meta?.message || DONE_MESSAGES[action.type],
      duration: SUCCESS_TOAST_MS,
    });
    forgetReview(kind, id);
    await loadQueues();
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

export interface SearchState {
  result: AdminSearchResult | null;
  loading: boolean;
  error: boolean;
}

export const $adminSearch = atom<SearchState>({ result: null, loading: false, error: false });

let searchRequest = 0;

/** Searches users, campaigns or donations; the last search asked for is the one shown. */
export async function runAdminSearch(kind: AdminSearchKind, q: string, pageNo = 1): Promise<void> {
  const request = ++searchRequest;
  $adminSearch.set({ ...$adminSearch.get(), loading: true, error: false });
  try {
    const { data } = await searchAdmin(kind, q.trim(), pageNo);
    if (request === searchRequest) $adminSearch.set({ result: data, loading: false, error: false });
  } catch (error) {
    if (request !== searchRequest) return;
    notifyStoreError(error);
    $adminSearch.set({ ...$adminSearch.get(), loading: false, error: true });
  }
}

/** The toast after a campaign change when the server's answer carries no message. */
function campaignChangeMessage(change: CampaignChange): string {
  if (change.close) return 'Campaign closed.';
  if (change.hidden !== undefined) return change.hidden ? 'Campaign hidden.' : 'Campaign shown again.';
  if (change.paysoft !== undefined) return change.paysoft ? 'Debit orders on.' : 'Debit orders off.';
  if (change.snapscan !== undefined) return change.snapscan ? 'SnapScan on.' : 'SnapScan off.';
  if (change.pauseDonations !== undefined)
    return change.pauseDonations ? 'Donations paused.' : 'Donations resumed.';
  if (change.holdPayouts !== undefined) return change.holdPayouts ? 'Payouts on hold.' : 'Payouts released.';
  return change.featured ? 'Campaign featured.' : 'Campaign no longer featured.';
}

/** Puts `next` in place of the campaign `id` among the search's results, if they are campaigns. */
function replaceFoundCampaign(id: string, next: (hit: AdminCampaignHit) => AdminCampaignHit): void {
  const { result } = $adminSearch.get();
  if (result?.kind !== 'campaigns') return;
  const items = result.results.items.map((hit) => (hit.id === id ? next(hit) : hit));
  $adminSearch.set({ ...$adminSearch.get(), result: { ...result, results: { ...result.results, items } } });
}

/** Hides, shows, features or closes a campaign found by the search, and shows it changed there. */
export async function changeFoundCampaign(id: string, change: CampaignChange): Promise<boolean> {
  try {
    const body = await changeCampaign(id, change);
    replaceFoundCampaign(id, () => body.data);
    notify({
      type: 'success',
      message: body.meta?.message || campaignChangeMessage(change),
      duration: SUCCESS_TOAST_MS,
    });
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

/**
 * Where a campaign found by the search is paid out now, in words (the shared rule of
 * lib/campaignPayee.ts, naming the owner): "Paid out to Themba Care Foundation NPC's
 * verified account", "Paid out to Sipho Ndlovu, the campaign's owner (Bluetick)".
 */
export function payeeOfHit(
  hit: Pick<AdminCampaignHit, 'organisation' | 'ownerName' | 'fundingType'>,
): string {
  const text = payoutRecipientText({ organisation: hit.organisation, ownerName: hit.ownerName });
  return !hit.organisation && hit.fundingType === FundingType.Bluetick ? `${text} (Bluetick)` : text;
}

/** Where staff move a campaign's money: to an organisation (its verified account), or to the campaign's owner. */
export type MoveTarget =
  | { organisation: NonNullable<AdminCampaignMove['organisation']> }
  | { organisation: null; fundingType: FundingType };

/** The destination in words, as the confirmation asks: 'Themba Care Foundation NPC', 'the owner, Sipho Ndlovu (Bluetick)'. */
export function moveTargetText(target: MoveTarget, ownerName: string): string {
  if (target.organisation) return target.organisation.legalName;
  const type = target.fundingType === FundingType.Bluetick ? 'Bluetick' : 'Standard';
  return `the owner, ${ownerName.trim() || 'the campaign’s owner'} (${type})`;
}

/**
 * Moves the money of a campaign found by the search (`PATCH /admin/campaigns/{id}/organisation`,
 * with the reason kept in the audit log), and shows its new destination on its card.
 */
export async function moveFoundCampaign(id: string, target: MoveTarget, reason: string): Promise<boolean> {
  try {
    const body = await moveCampaign(
      id,
      target.organisation
        ? { organisation: target.organisation.id, reason }
        : { organisation: null, fundingType: target.fundingType, reason },
    );
    const { organisation, fundingType } = body.data;
    replaceFoundCampaign(id, (hit) => ({ ...hit, organisation, fundingType }));
    notify({ type: 'success', message: body.meta?.message || 'Campaign moved.', duration: SUCCESS_TOAST_MS });
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

/**
 * Organisations, verified or not, whose legal or other name or url contains `q`: the first page,
 * newest first, to move a campaign's money to. A failure is reported and answers null.
 */
export async function findOrganisations(q: string): Promise<AdminOrganisationHit[] | null> {
  try {
    const { data } = await searchAdmin('organisations', q.trim());
    return data.kind === 'organisations' ? data.results.items : [];
  } catch (error) {
    notifyStoreError(error);
    return null;
  }
}

onSessionEnd(() => {
  $adminSearch.set({ result: null, loading: false, error: false });
  $adminQueues.set({ queues: null, loading: false, error: false });
});

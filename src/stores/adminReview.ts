import { map } from 'nanostores';
import { type AdminReview, getReview, getReviewDocument, type ReviewDocument } from '~/lib/api/admin';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import type { AdminQueueName } from '~/lib/contracts/admin';

/** One queue item's evidence as the back office holds it. */
export interface ReviewState {
  review: AdminReview | null;
  loading: boolean;
  error: boolean;
}

/** The reviews opened so far, by `${queue}/${id}`; a decision forgets its item's. */
export const $adminReviews = map<Record<string, ReviewState | undefined>>({});

export const reviewKey = (queue: AdminQueueName, id: string): string => `${queue}/${id}`;

/** Loads (or reloads) the evidence of one queue item. */
export async function loadReview(queue: AdminQueueName, id: string): Promise<void> {
  const key = reviewKey(queue, id);
  $adminReviews.setKey(key, {
    review: $adminReviews.get()[key]?.review ?? null,
    loading: true,
    error: false,
  });
  try {
    const { data } = await getReview(queue, id);
    $adminReviews.setKey(key, { review: data, loading: false, error: false });
  } catch (error) {
    console.warn('Could not load the review.', error);
    $adminReviews.setKey(key, { review: null, loading: false, error: true });
  }
}

/** Drops an item's evidence once it is decided: it is read afresh if opened again. */
export function forgetReview(queue: AdminQueueName, id: string): void {
  $adminReviews.setKey(reviewKey(queue, id), undefined);
}

/**
 * Opens a document of a review: fetched with the admin's token (a plain link could not carry
 * it) and handed to the browser under its uploaded name. Resolves to whether it worked.
 */
export async function openReviewDocument(document: ReviewDocument): Promise<boolean> {
  try {
    saveBlob(await getReviewDocument(document.url), document.fileName);
    return true;
  } catch (error) {
    notifyStoreError(error);
    return false;
  }
}

import { HttpError } from '~/lib/server/http/errors';

/**
 * The one queue every image decode and encode goes through. Decoding a large
 * image takes a core and hundreds of megabytes for seconds; a handful at once
 * would stall every page of the process. So at most RUNNING run at a time and
 * at most WAITING wait; past that, uploads are refused with 503 until the
 * queue drains, rather than piling up memory.
 */

const RUNNING = 2;
const WAITING = 20;

export const IMAGE_QUEUE_FULL = 'The server is busy processing images. Please try again in a minute.';

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `job` when a place is free; 503 with retry-after when too many wait already. */
export async function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  if (running >= RUNNING) {
    if (waiting.length >= WAITING) {
      throw new HttpError(503, IMAGE_QUEUE_FULL, null, 'busy', { 'retry-after': '60' });
    }
    // The finishing job hands its place over directly, so `running` never dips and lets a newcomer jump in.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Jobs running and waiting now (for tests and health output). */
export function imageQueueSize(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

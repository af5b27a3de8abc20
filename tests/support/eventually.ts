/**
 * Retries `check` until it passes: it returns (its value is the answer) instead of throwing.
 * Made for what happens after an answer (mail going out, a gateway's notification being booked,
 * the page cache storing a page): write the check as assertions, as if it were immediate.
 *
 * After `timeout` ms (10 s unless told), or `tries` attempts, it throws the last error, so a
 * failure reads as the assertion that kept failing, not as "timed out". Between attempts it waits
 * `interval` ms (100 unless told); a function gives the wait for attempt 1, 2, …
 */
export interface EventuallyOptions {
  timeout?: number;
  tries?: number;
  interval?: number | ((attempt: number) => number);
}

export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeout = 10_000, tries = Number.POSITIVE_INFINITY, interval = 100 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let attempt = 1; ; attempt++) {
    try {
      return await check();
    } catch (error) {
      const wait = typeof interval === 'function' ? interval(attempt) : interval;
      if (attempt >= tries || Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

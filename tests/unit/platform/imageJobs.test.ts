import { describe, expect, it } from 'vitest';
import { IMAGE_QUEUE_FULL, imageQueueSize, runImageJob } from '~/lib/server/platform/imageJobs';

/** A job that runs until `finish` is called. */
function heldJob(): { started: Promise<void>; finish: () => void; job: () => Promise<string> } {
  let markStarted = (): void => undefined;
  let finish = (): void => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    started,
    finish: () => finish(),
    job: async () => {
      markStarted();
      await done;
      return 'done';
    },
  };
}

describe('image jobs', () => {
  it('run two at a time, let 20 wait, and refuse more with 503 until the queue drains', async () => {
    const jobs = Array.from({ length: 22 }, heldJob);
    const results = jobs.map((j) => runImageJob(j.job));
    await Promise.all([jobs[0]?.started, jobs[1]?.started]);
    expect(imageQueueSize()).toEqual({ running: 2, waiting: 20 });
    await expect(runImageJob(async () => 'late')).rejects.toMatchObject({
      status: 503,
      message: IMAGE_QUEUE_FULL,
      headers: { 'retry-after': '60' },
    });
    // Finishing one lets exactly the next one start.
    jobs[0]?.finish();
    await jobs[2]?.started;
    expect(imageQueueSize()).toEqual({ running: 2, waiting: 19 });
    for (const j of jobs) j.finish();
    await expect(Promise.all(results)).resolves.toHaveLength(22);
    expect(imageQueueSize()).toEqual({ running: 0, waiting: 0 });
    await expect(runImageJob(async () => 'again')).resolves.toBe('again');
  });

  it('free their place when a job fails', async () => {
    await expect(runImageJob(() => Promise.reject(new Error('broken image')))).rejects.toThrow(
      'broken image',
    );
    expect(imageQueueSize()).toEqual({ running: 0, waiting: 0 });
  });
});

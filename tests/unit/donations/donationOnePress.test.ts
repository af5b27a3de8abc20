import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CaptchaFailed,
  CaptchaNotTicked,
  CaptchaProof,
  type ProofReport,
  type ProofSource,
} from '~/islands/donation/captchaProof';
import { HAND_OFF_TIMEOUT_MS, type HandOff, watchHandOff } from '~/islands/donation/paymentRedirect';
import type { TransactionInfo } from '~/lib/api/donations';

// Issue 23 items 1 and 4: one press of "Donate now" waits for the captcha's proof of work instead
// of only starting it, and a gateway form that was not sent ends in an error with a retry.

/** A widget stand-in: each mount is one proof, reported when the test says so. */
function fakeSource(): { source: ProofSource; mounts: ((r: ProofReport) => void)[]; removed: number[] } {
  const mounts: ((r: ProofReport) => void)[] = [];
  const removed: number[] = [];
  const source: ProofSource = async (_holder, report) => {
    const index = mounts.push(report) - 1;
    return () => removed.push(index);
  };
  return { source, mounts, removed };
}

const holder = {} as HTMLElement;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the captcha answer worked out in the background', () => {
  it('a press before the proof is done waits for it, and gets it', async () => {
    const { source, mounts } = fakeSource();
    const proof = new CaptchaProof(source, () => holder);
    proof.start();
    expect(proof.state).toBe('working');
    const answer = proof.answer();
    let settled = false;
    void answer.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    mounts[0]?.({ kind: 'ready', token: 'proof-1' });
    await expect(answer).resolves.toBe('proof-1');
    // Started once: the press did not start a second proof.
    expect(mounts).toHaveLength(1);
  });

  it('a press without any start (a form filled in by the browser) starts the proof and waits for it', async () => {
    const { source, mounts } = fakeSource();
    const proof = new CaptchaProof(source, () => holder);
    const answer = proof.answer();
    await flush();
    mounts[0]?.({ kind: 'ready', token: 'proof-1' });
    await expect(answer).resolves.toBe('proof-1');
  });

  it('a spent answer is replaced by a fresh proof, which the next press gets', async () => {
    const { source, mounts, removed } = fakeSource();
    const proof = new CaptchaProof(source, () => holder);
    proof.start();
    await flush();
    mounts[0]?.({ kind: 'ready', token: 'proof-1' });
    await expect(proof.answer()).resolves.toBe('proof-1');
    proof.spent();
    await flush();
    expect(removed).toEqual([0]);
    const next = proof.answer();
    mounts[1]?.({ kind: 'ready', token: 'proof-2' });
    await expect(next).resolves.toBe('proof-2');
  });

  it('a failed proof rejects the press, and the next press tries again', async () => {
    const { source, mounts } = fakeSource();
    const proof = new CaptchaProof(source, () => holder);
    const first = proof.answer();
    await flush();
    mounts[0]?.({ kind: 'failed' });
    await expect(first).rejects.toBeInstanceOf(CaptchaFailed);
    expect(proof.state).toBe('failed');
    const second = proof.answer();
    await flush();
    mounts[1]?.({ kind: 'ready', token: 'proof-2' });
    await expect(second).resolves.toBe('proof-2');
  });

  it('a widget that cannot load rejects the press', async () => {
    const proof = new CaptchaProof(
      () => Promise.reject(new Error('offline')),
      () => holder,
    );
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(proof.answer()).rejects.toBeInstanceOf(CaptchaFailed);
    spy.mockRestore();
  });

  it('an expired answer is not sent: the press works out a new one', async () => {
    const { source, mounts } = fakeSource();
    const proof = new CaptchaProof(source, () => holder);
    proof.start();
    await flush();
    mounts[0]?.({ kind: 'ready', token: 'old' });
    mounts[0]?.({ kind: 'expired' });
    const answer = proof.answer();
    await flush();
    mounts[1]?.({ kind: 'ready', token: 'new' });
    await expect(answer).resolves.toBe('new');
  });

  it("reCAPTCHA's checkbox: the press says to tick it while it is not ticked", async () => {
    const { source, mounts } = fakeSource();
    const proof = new CaptchaProof(source, () => holder, undefined, true);
    proof.start();
    await expect(proof.answer()).rejects.toBeInstanceOf(CaptchaNotTicked);
    await flush();
    mounts[0]?.({ kind: 'ready', token: 'ticked' });
    await expect(proof.answer()).resolves.toBe('ticked');
  });
});

/** A page stand-in: the document and window as event targets. */
function fakePage(visibility: DocumentVisibilityState = 'visible') {
  const doc = Object.assign(new EventTarget(), { visibilityState: visibility });
  const win = new EventTarget();
  return { doc, win, page: { document: doc, window: win } as never };
}

const info = {
  referenceNumber: 'LET-2026-00042',
  paymentForm: { action: 'http://localhost:4321/sandbox/payfast/eng/process', fields: { amount: '250.00' } },
} as unknown as TransactionInfo;

describe('the hand-off to the gateway', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a form the CSP refused is an error at once, with the reference and a retry that posts again', () => {
    const { doc, page } = fakePage();
    const failures: HandOff[] = [];
    const post = vi.fn();
    watchHandOff(info, { onFailed: (f) => failures.push(f) }, page, post);
    doc.dispatchEvent(
      Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'form-action' }),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ reference: 'LET-2026-00042', reason: 'blocked' });
    failures[0]?.retry();
    expect(post).toHaveBeenCalledWith(info.paymentForm);
    // The retry is watched too.
    vi.advanceTimersByTime(HAND_OFF_TIMEOUT_MS);
    expect(failures).toHaveLength(2);
    expect(failures[1]?.reason).toBe('timeout');
  });

  it('a page still here and visible after the timeout is an error', () => {
    const { page } = fakePage();
    const failures: HandOff[] = [];
    watchHandOff(info, { onFailed: (f) => failures.push(f) }, page, vi.fn());
    vi.advanceTimersByTime(HAND_OFF_TIMEOUT_MS - 1);
    expect(failures).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.reason).toBe('timeout');
  });

  it('a page that is unloading (a slow gateway) is no error', () => {
    const { win, page } = fakePage();
    const failures: HandOff[] = [];
    watchHandOff(info, { onFailed: (f) => failures.push(f) }, page, vi.fn());
    win.dispatchEvent(new Event('beforeunload'));
    vi.advanceTimersByTime(HAND_OFF_TIMEOUT_MS * 2);
    expect(failures).toHaveLength(0);
  });

  it('other CSP violations are no error', () => {
    const { doc, page } = fakePage();
    const failures: HandOff[] = [];
    watchHandOff(info, { onFailed: (f) => failures.push(f) }, page, vi.fn());
    doc.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), { effectiveDirective: 'img-src' }));
    expect(failures).toHaveLength(0);
  });
});

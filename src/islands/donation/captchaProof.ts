/**
 * One captcha answer at a time, worked out in the background (issue 23 item
 * 1): the form starts it when the visitor begins filling it in, and the
 * submit waits for it (`answer()`), so one press of "Donate now" or "Log in"
 * solves and sends. An answer buys one request: after it is sent, `spent()`
 * starts the next one. ALTCHA needs no one (its proof of work runs by
 * itself); reCAPTCHA's checkbox does (`interactive`), so its answer is there
 * only once it is ticked.
 */

/** What a widget tells about its answer. */
export type ProofReport =
  | { kind: 'ready'; token: string }
  | { kind: 'failed'; message?: string }
  /** The answer is too old to be accepted: the next `answer()` makes another. */
  | { kind: 'expired' };

/** Mounts a fresh widget into `holder` and reports its answer; resolves to a function that removes it. */
export type ProofSource = (holder: HTMLElement, report: (report: ProofReport) => void) => Promise<() => void>;

export type ProofState = 'idle' | 'working' | 'ready' | 'failed';

/** No answer yet, and only the visitor can give one (reCAPTCHA's checkbox). */
export class CaptchaNotTicked extends Error {}
/** The widget could not load or finish (no network, challenge refused). */
export class CaptchaFailed extends Error {}

interface Waiter {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

export class CaptchaProof {
  state: ProofState = 'idle';
  private token: string | null = null;
  private waiters: Waiter[] = [];
  private remove: (() => void) | null = null;
  /** Which widget is current: reports and removals of older ones are ignored. */
  private run = 0;

  constructor(
    private readonly source: ProofSource,
    private readonly holder: () => HTMLElement | null,
    private readonly onState: (state: ProofState) => void = () => {},
    readonly interactive = false,
  ) {}

  /** The visitor started on the form: begin working on an answer unless one is on its way or there. */
  start(): void {
    if (this.state === 'idle' || this.state === 'failed') this.begin();
  }

  /**
   * The answer, waiting for the proof of work if it is still running (and
   * starting it if it never was). Rejects with CaptchaFailed when it cannot
   * be made, and, for reCAPTCHA, with CaptchaNotTicked while it is not ticked.
   */
  answer(): Promise<string> {
    if (this.token) return Promise.resolve(this.token);
    if (this.state !== 'working') this.begin();
    if (this.interactive) return Promise.reject(new CaptchaNotTicked());
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** The answer went with a request (it buys one only, whatever the server said): work on the next one. */
  spent(): void {
    this.begin();
  }

  /** The form is gone: remove the widget and forget the answer (a later start() begins again). */
  dispose(): void {
    this.run++;
    this.remove?.();
    this.remove = null;
    this.token = null;
    this.state = 'idle';
    this.settle(new CaptchaFailed('The form was closed.'));
  }

  private setState(state: ProofState): void {
    this.state = state;
    this.onState(state);
  }

  private settle(outcome: string | Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) {
      if (typeof outcome === 'string') waiter.resolve(outcome);
      else waiter.reject(outcome);
    }
  }

  private begin(): void {
    const run = ++this.run;
    this.remove?.();
    this.remove = null;
    this.token = null;
    this.setState('working');
    const holder = this.holder();
    if (!holder) {
      this.fail(new CaptchaFailed('The security check has no place on the page.'));
      return;
    }
    const report = (outcome: ProofReport): void => {
      if (run !== this.run) return;
      if (outcome.kind === 'ready') {
        this.token = outcome.token;
        this.setState('ready');
        this.settle(outcome.token);
      } else if (outcome.kind === 'expired') {
        this.token = null;
        // A running proof (ALTCHA) goes on by itself; an old answer is simply gone.
        if (this.state === 'ready') this.setState('idle');
      } else {
        this.fail(new CaptchaFailed(outcome.message ?? 'The security check failed.'));
      }
    };
    this.source(holder, report).then(
      (remove) => {
        if (run === this.run) this.remove = remove;
        else remove();
      },
      (error: unknown) => {
        console.error(error);
        if (run === this.run) this.fail(new CaptchaFailed('The security check could not load.'));
      },
    );
  }

  private fail(error: CaptchaFailed): void {
    this.token = null;
    this.setState('failed');
    this.settle(error);
  }
}

// How this process stops, shared by the HTTP server (server/main.ts drains requests on SIGTERM or
// SIGINT, then runs the steps) and the app inside the bundle (the database, the background jobs
// and the LISTEN connection register what must be closed). One instance per process, on
// globalThis, because the bundle carries its own copy of this module's code (as server/pageStore.ts).

import { log } from '../src/lib/server/platform/log.ts';

/**
 * Runs in this order: work that uses the database first (the jobs, then the mail worker, which
 * sends what they queued last), the database itself last.
 */
export const SHUTDOWN_ORDER = { jobs: 10, mail: 20, database: 100 } as const;

interface Step {
  order: number;
  run: () => Promise<void> | void;
}

export interface Lifecycle {
  /** True when server/main.ts owns the signals: the app registers steps instead of exiting by itself. */
  managed: boolean;
  /** True from the first stop signal on: new requests are refused, the database is not reopened. */
  stopping: boolean;
  steps: Map<string, Step>;
}

const SHARED = Symbol.for('letsema.lifecycle');

export function processLifecycle(): Lifecycle {
  const holder = globalThis as { [SHARED]?: Lifecycle };
  holder[SHARED] ??= { managed: false, stopping: false, steps: new Map() };
  return holder[SHARED];
}

/** Registers (or replaces, by name) what to close when the process stops. */
export function onShutdown(name: string, order: number, run: Step['run']): void {
  processLifecycle().steps.set(name, { order, run });
}

/** Runs every registered step once, in order; a step that fails is logged and the rest still run. */
export async function runShutdownSteps(): Promise<void> {
  const lifecycle = processLifecycle();
  lifecycle.stopping = true;
  const steps = [...lifecycle.steps].sort(([, a], [, b]) => a.order - b.order);
  lifecycle.steps.clear();
  for (const [name, step] of steps) {
    try {
      await step.run();
    } catch (error) {
      log.error({ err: error, area: 'shutdown', step: name }, 'A shutdown step failed');
    }
  }
}

import { randomUUID } from 'node:crypto';

// A proxy's request id is kept when it is sane, so its logs and ours can be matched; anything else
// (which could forge log lines) is replaced by a fresh one.
const SAFE_REQUEST_ID = /^[\w.:-]{8,100}$/;

/** The id every answer carries in x-request-id, cached ones included. */
export function requestIdFor(incoming: string | string[] | null | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

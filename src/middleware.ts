import { sequence } from 'astro:middleware';
import { MIDDLEWARE_CHAIN } from '~/lib/server/http/middleware/chain';
import { startPageViewFlushing } from '~/lib/server/insights/pageViews';
import { startMailWorker } from '~/lib/server/mail/worker';
import { refuseDevModeOnNetwork } from '~/lib/server/platform/env';
import { startBackgroundJobs } from '~/lib/server/platform/jobs';

// Astro evaluates this module once per process, before it handles the first request (the Node
// adapter loads it then, not when it starts listening; the same under `astro dev`): the earliest
// point where app code runs in every way the server is started. The jobs wait a minute before
// their first run, and only that run opens the database; the mail worker starts looking once the
// database is open (a request opened it). Development mode on a network address
// stops here, before any page or API request is answered (scripts/start.mjs checks before listening).
refuseDevModeOnNetwork();
startBackgroundJobs();
startMailWorker();
startPageViewFlushing();

export const onRequest = sequence(...MIDDLEWARE_CHAIN);

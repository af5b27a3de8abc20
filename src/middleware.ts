import { sequence } from 'astro:middleware';
import { apiErrors } from '~/lib/server/http/middleware/apiErrors';
import { bodyLimit } from '~/lib/server/http/middleware/bodyLimit';
import { compression } from '~/lib/server/http/middleware/compression';
import { inputGuards } from '~/lib/server/http/middleware/inputGuards';
import { pageCache } from '~/lib/server/http/middleware/pageCache';
import { requestContext } from '~/lib/server/http/middleware/requestContext';
import { sandboxGate } from '~/lib/server/http/middleware/sandboxGate';
import { securityHeaders } from '~/lib/server/http/middleware/securityHeaders';
import { refuseDevModeOnNetwork } from '~/lib/server/platform/env';
import { startBackgroundJobs } from '~/lib/server/platform/jobs';

// Astro evaluates this module once per process, before it handles the first request (the Node
// adapter loads it then, not when it starts listening; the same under `astro dev`): the earliest
// point where app code runs in every way the server is started. The jobs wait a minute before
// their first run, and only that run opens the database. Development mode on a network address
// stops here, before any page or API request is answered (scripts/start.mjs checks before listening).
refuseDevModeOnNetwork();
startBackgroundJobs();

// Outermost first: compression wraps the final answer (a cached one comes already compressed), the
// page cache keeps the finished public answer, errors become envelopes before headers are added.
// Input no route should ever see (NUL, an oversized body) is refused before the route runs.
export const onRequest = sequence(
  compression,
  pageCache,
  requestContext,
  securityHeaders,
  sandboxGate,
  inputGuards,
  bodyLimit,
  apiErrors,
);

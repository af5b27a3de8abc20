import { sequence } from 'astro:middleware';
import { apiErrors } from '~/lib/server/http/middleware/apiErrors';
import { compression } from '~/lib/server/http/middleware/compression';
import { requestContext } from '~/lib/server/http/middleware/requestContext';
import { sandboxGate } from '~/lib/server/http/middleware/sandboxGate';
import { securityHeaders } from '~/lib/server/http/middleware/securityHeaders';
import { startBackgroundJobs } from '~/lib/server/platform/jobs';

// Astro evaluates this module once per process, before it handles the first request (the Node
// adapter loads it then, not when it starts listening; the same under `astro dev`): the earliest
// point where app code runs in every way the server is started. The jobs wait a minute before
// their first run, and only that run opens the database.
startBackgroundJobs();

// Outermost first: compression wraps the final answer, errors become envelopes before headers are added.
export const onRequest = sequence(compression, requestContext, securityHeaders, sandboxGate, apiErrors);

import { sequence } from 'astro:middleware';
import { apiErrors } from '~/lib/server/http/middleware/apiErrors';
import { compression } from '~/lib/server/http/middleware/compression';
import { requestContext } from '~/lib/server/http/middleware/requestContext';
import { sandboxGate } from '~/lib/server/http/middleware/sandboxGate';
import { securityHeaders } from '~/lib/server/http/middleware/securityHeaders';

// Outermost first: compression wraps the final answer, errors become envelopes before headers are added.
export const onRequest = sequence(compression, requestContext, securityHeaders, sandboxGate, apiErrors);

import { sequence } from 'astro:middleware';
import { apiErrors } from './lib/server/middleware/apiErrors';
import { compression } from './lib/server/middleware/compression';
import { requestContext } from './lib/server/middleware/requestContext';
import { sandboxGate } from './lib/server/middleware/sandboxGate';
import { securityHeaders } from './lib/server/middleware/securityHeaders';

// Outermost first: compression wraps the final answer, errors become envelopes before headers are added.
export const onRequest = sequence(compression, requestContext, securityHeaders, sandboxGate, apiErrors);

import type { MiddlewareHandler } from 'astro';
import { accessRules } from './accessRules';
import { apiErrors } from './apiErrors';
import { bodyLimit } from './bodyLimit';
import { compression } from './compression';
import { inputGuards } from './inputGuards';
import { englishOnlyRoutes, localeRouting } from './localeRouting';
import { pageCache } from './pageCache';
import { requestContext } from './requestContext';
import { requestLog } from './requestLog';
import { sandboxGate } from './sandboxGate';
import { securityHeaders } from './securityHeaders';

/**
 * Every request's middleware, outermost first. requestLog names the request (its id on every line
 * it logs) and writes its request line, whatever answers it. Then the language comes off the
 * address (localeRouting: `/zu/home` is `/home` in isiZulu), so every later step sees the route
 * Astro matched. (src/middleware.ts runs it; tests that call a
 * route directly run the same list, so they see what a client sees). Compression wraps the final
 * answer (a cached one comes already compressed), the page cache keeps the finished public answer,
 * errors become envelopes before headers are added. Input no route should ever see (NUL, an
 * oversized body) is refused before the route runs, and so is a caller an API route's declared
 * access rule turns away (accessRules, innermost, so apiErrors answers its 401 / 403 as an envelope).
 */
export const MIDDLEWARE_CHAIN: readonly MiddlewareHandler[] = [
  requestLog,
  localeRouting,
  englishOnlyRoutes,
  compression,
  pageCache,
  requestContext,
  securityHeaders,
  sandboxGate,
  inputGuards,
  bodyLimit,
  apiErrors,
  accessRules,
];

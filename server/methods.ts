// Node's Request constructor throws on TRACE, TRACK and CONNECT, so Astro's handler would answer
// a client's odd method with a 500 and a stack trace in the log, and other unknown methods fall
// through to routes that never expected them. Any method the site does not speak gets a 405 with
// an Allow header here (a JSON envelope under /api/), before a Request is built.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const ALLOW = ALLOWED_METHODS.join(', ');

/** Answers 405 and returns true when the request's method is not one the site speaks. */
export function refusedUnknownMethod(req: IncomingMessage, res: ServerResponse): boolean {
  if (ALLOWED_METHODS.includes(req.method ?? '')) return false;
  const api = (req.url ?? '').startsWith('/api/');
  const message = `The method ${String(req.method).slice(0, 20)} is not allowed.`;
  res.writeHead(405, {
    allow: ALLOW,
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(
    api
      ? JSON.stringify({
          data: null,
          meta: { message },
          errors: [{ code: 'method_not_allowed', displayMessage: message }],
        })
      : message,
  );
  return true;
}

// The Node adapter turns every request into a fetch Request before Astro's middleware runs, and
// Node's Request constructor throws on TRACE, TRACK and CONNECT: the adapter then answers 500 and
// logs a stack trace for a client's mistake. This Vite plugin puts a method check in front of the
// standalone server's handler, so any method the site does not speak gets a 405 with an Allow
// header (a JSON envelope under /api/) before a Request is built.

export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const HANDLER = 'return (req, res) => {';

const GUARD = `
    if (!${JSON.stringify(ALLOWED_METHODS)}.includes(req.method)) {
      const api = (req.url || '').startsWith('/api/');
      const message = 'The method ' + String(req.method).slice(0, 20) + ' is not allowed.';
      res.writeHead(405, {
        allow: ${JSON.stringify(ALLOWED_METHODS.join(', '))},
        'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
      });
      res.end(api ? JSON.stringify({ data: null, meta: { message }, errors: [{ code: 'method_not_allowed', displayMessage: message }] }) : message);
      return;
    }`;

/** @returns {import('vite').Plugin} */
export function refuseUnknownMethods() {
  return {
    name: 'letsema:refuse-unknown-methods',
    enforce: 'pre',
    transform(code, id) {
      if (!/@astrojs[\\/]node[\\/]dist[\\/]standalone\.js$/.test(id)) return null;
      // Fail the build rather than ship without the guard when an adapter upgrade moves the handler.
      if (code.split(HANDLER).length !== 2)
        throw new Error('refuse-unknown-methods: the standalone handler of @astrojs/node was not found.');
      return { code: code.replace(HANDLER, HANDLER + GUARD), map: null };
    },
  };
}

import type { APIRoute } from 'astro';
import { ozowTransactionsByReference, takeOzowFault } from '~/lib/server/sandbox/ozowSandbox';
import { sandboxJson, sandboxOff, sandboxText } from '~/lib/server/sandbox/sandboxHttp';

/** Ozow's status check: `?siteCode=…&transactionReference=…` with the ApiKey header; a JSON array. */
export const GET: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  // Ozow reads its query names case-insensitively.
  const query = new Map([...ctx.url.searchParams].map(([name, value]) => [name.toLowerCase(), value]));
  const transactions = ozowTransactionsByReference(
    ctx.request.headers.get('ApiKey'),
    query.get('sitecode') ?? '',
    query.get('transactionreference') ?? '',
  );
  if (!transactions) return sandboxJson(401, { message: 'Authorization has been denied for this request.' });
  const fault = takeOzowFault(query.get('transactionreference') ?? '');
  if (fault === 'error') return sandboxJson(503, { message: 'The service is unavailable.' });
  if (fault === 'malformed') return sandboxJson(200, [{ message: 'Not a transaction' }]);
  if (fault === 'garbled') return sandboxText('<html>Gateway timeout</html>');
  return sandboxJson(200, transactions);
};

import type { APIRoute } from 'astro';
import { ozowTransactionsByReference } from '~/lib/server/sandbox/ozowSandbox';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

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
  return sandboxJson(200, transactions);
};

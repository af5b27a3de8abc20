import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { exportUserData } from '~/lib/server/privacy/exportUserData';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { bytes, fileName } = await exportUserData(user, ctx.params.userId ?? '');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'no-store',
    },
  });
};

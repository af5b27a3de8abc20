import type { MiddlewareHandler } from 'astro';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/** gzip for HTML and JSON answers; static assets are served before middleware runs. */
export const compression: MiddlewareHandler = async (ctx, next) => {
  const response = await next();
  const accepts = ctx.request.headers.get('accept-encoding') ?? '';
  const type = response.headers.get('content-type') ?? '';
  if (
    !response.body ||
    ctx.request.method === 'HEAD' ||
    response.status === 204 ||
    response.headers.has('content-encoding') ||
    !/\bgzip\b/.test(accepts) ||
    !COMPRESSIBLE.test(type)
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('content-encoding', 'gzip');
  headers.delete('content-length');
  headers.append('vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

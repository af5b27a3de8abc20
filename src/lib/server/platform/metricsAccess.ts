import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from './env';
import { metrics } from './metrics';

/**
 * Who may read /metrics: a client on this machine (a Prometheus beside the app, a curl on the
 * box), or, when METRICS_TOKEN is set, a request bearing it. The client is the address
 * TRUSTED_PROXIES resolves, so a visitor coming through the proxy is never "loopback".
 */
export function mayReadMetrics(
  fromLoopback: boolean,
  authorization: string | null,
  token: string | undefined = env.metricsToken,
): boolean {
  if (fromLoopback) return true;
  if (!token || !authorization) return false;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1] !== undefined && sameSecret(match[1], token);
}

/** Compared as digests, so neither the length nor the bytes leak through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The Prometheus text exposition of this process's metrics. */
export async function metricsExposition(): Promise<{ body: string; contentType: string }> {
  return { body: await metrics.registry.metrics(), contentType: metrics.registry.contentType };
}

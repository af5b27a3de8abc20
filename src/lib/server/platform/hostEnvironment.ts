/**
 * Environment flags derived from the host name (SPEC §9): the same build runs
 * on every host, and the host says which environment it is.
 */
export interface HostEnvironment {
  demo: boolean;
  kbm: boolean;
  stable: boolean;
  production: boolean;
  develop: boolean;
  /** localhost, 127.0.0.1 or ::1: a developer's own machine (counts as develop). */
  local: boolean;
  /** Failure screens show error details only on develop (incl. local) and stable hosts. */
  showErrorDetails: boolean;
}

function isLocalHost(host: string): boolean {
  return host.includes('localhost') || host === '127.0.0.1' || host === '::1';
}

/** Lower-cased host without port or IPv6 brackets. */
function bareHost(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const parts = host.split(':');
  return parts.length === 2 ? (parts[0] ?? '') : host;
}

/** Flags for a host name such as `location.hostname` (port and case ignored). */
export function hostEnvironment(hostname: string): HostEnvironment {
  const host = bareHost(hostname);
  const local = isLocalHost(host);
  const develop = local || host.startsWith('dev.');
  const stable = host.startsWith('stable.');
  const demo = host.startsWith('demo.');
  const kbm = host.startsWith('kbm.');
  const production = !(develop || stable || demo || kbm);
  return { demo, kbm, stable, production, develop, local, showErrorDetails: develop || stable };
}

// Requests of the soak: each is counted, and registered while in flight so a SIGTERM can be
// checked against exactly the requests it caught. A connection error is an outcome, not a throw.

/** @typedef {{ status: number, text: string } | { status: 0, error: string }} Outcome */

export function createClient() {
  const stats = { requests: 0, byStatus: /** @type {Record<string, number>} */ ({}), connectionErrors: 0 };
  /** @type {Set<Promise<Outcome>>} */
  const inFlight = new Set();

  /** @returns {Promise<Outcome>} */
  function send(url, { method = 'GET', body, headers = {}, timeoutMs = 60_000 } = {}) {
    stats.requests += 1;
    const request = (async () => {
      try {
        const response = await fetch(url, {
          method,
          headers,
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        stats.byStatus[response.status] = (stats.byStatus[response.status] ?? 0) + 1;
        return { status: response.status, text, retryAfter: response.headers.get('retry-after') };
      } catch (error) {
        stats.connectionErrors += 1;
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        return { status: 0, error: cause instanceof Error ? (cause.code ?? cause.message) : String(cause) };
      }
    })();
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    return request;
  }

  return {
    stats,
    send,
    json: (url, value, token) =>
      send(url, {
        method: 'POST',
        body: JSON.stringify(value),
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      }),
    form: (url, body) =>
      send(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    /** The requests in flight right now. */
    snapshot: () => [...inFlight],
  };
}

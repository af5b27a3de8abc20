// Content negotiation for answers already compressed: brotli when the client takes it (smaller),
// else gzip, else none. A coding the client lists with q=0 is refused.

export type Encoding = 'br' | 'gzip';

export function preferredEncoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean },
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

import { useEffect, useState } from 'react';
import type { Envelope } from '~/lib/api';

/**
 * A lookup list (categories, banks, close reasons…) loaded once per page and
 * shared by every component that asks. A failed load is retried on the next ask.
 */
const cache = new Map<string, Promise<unknown[]>>();

export interface Lookup<T> {
  items: T[];
  loading: boolean;
  failed: boolean;
}

export function loadLookup<T>(key: string, fetcher: () => Promise<Envelope<T[]>>): Promise<T[]> {
  let pending = cache.get(key) as Promise<T[]> | undefined;
  if (!pending) {
    pending = fetcher().then((body) => (Array.isArray(body.data) ? body.data : []));
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

export function useLookup<T>(key: string, fetcher: () => Promise<Envelope<T[]>>): Lookup<T> {
  const [state, setState] = useState<Lookup<T>>({ items: [], loading: true, failed: false });
  useEffect(() => {
    let live = true;
    loadLookup(key, fetcher).then(
      (items) => live && setState({ items, loading: false, failed: false }),
      (error: unknown) => {
        console.warn(`Could not load ${key}.`, error);
        if (live) setState({ items: [], loading: false, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [key, fetcher]);
  return state;
}

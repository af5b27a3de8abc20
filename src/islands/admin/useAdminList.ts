import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '~/lib/api';

interface AdminList<T> {
  items: T[] | null;
  error: boolean;
  reload: () => Promise<void>;
}

/** A back-office list (events, close reasons) loaded on mount and reloaded after a change. */
export function useAdminList<T>(load: () => Promise<Envelope<T[]>>): AdminList<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState(false);
  const reload = useCallback(async (): Promise<void> => {
    try {
      setItems((await load()).data);
      setError(false);
    } catch (cause) {
      console.warn('Could not load the list.', cause);
      setError(true);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, error, reload };
}

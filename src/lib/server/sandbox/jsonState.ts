import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { dataPath } from '~/lib/server/platform/env';

/**
 * A simulator's state: in memory, read from DATA_DIR/sandbox/{name}.json on
 * first use and written back after each change, so a restart keeps open
 * checkouts and the transactions a status check asks about.
 */
export interface JsonState<T> {
  get(): T;
  save(): void;
}

export function jsonState<T>(name: string, initial: () => T): JsonState<T> {
  let state: T | undefined;
  const file = (): string => dataPath('sandbox', `${name}.json`);
  return {
    get(): T {
      if (state === undefined) {
        try {
          state = { ...initial(), ...(JSON.parse(readFileSync(file(), 'utf8')) as Partial<T>) };
        } catch {
          // Missing or unreadable: a simulator starts empty.
          state = initial();
        }
      }
      return state;
    },
    save(): void {
      if (state === undefined) return;
      const path = file();
      mkdirSync(dirname(path), { recursive: true });
      // Write then rename, so a crash never leaves half a file.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(state));
      renameSync(temporary, path);
    },
  };
}

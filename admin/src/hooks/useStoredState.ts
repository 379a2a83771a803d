import { useCallback, useEffect, useState } from 'react';

function read<T>(key: string, parse: (stored: unknown) => T): T {
  try {
    const raw = localStorage.getItem(key);
    return parse(raw === null ? undefined : JSON.parse(raw));
  } catch {
    return parse(undefined);
  }
}

/**
 * State kept as JSON in localStorage under `key`, shared with the app's other tabs. `parse` turns whatever is
 * stored (undefined when nothing or unreadable) into a valid value.
 */
export function useStoredState<T>(key: string, parse: (stored: unknown) => T): [T, (update: (current: T) => T) => void] {
  const [value, setValue] = useState(() => read(key, parse));

  useEffect(() => {
    const changedElsewhere = (event: StorageEvent) => {
      if (event.key === key || event.key === null) setValue(read(key, parse));
    };
    window.addEventListener('storage', changedElsewhere);
    return () => window.removeEventListener('storage', changedElsewhere);
  }, [key, parse]);

  const update = useCallback(
    (change: (current: T) => T) => {
      // Start from what is stored, so a change made in another tab is not overwritten.
      const next = change(read(key, parse));
      localStorage.setItem(key, JSON.stringify(next));
      setValue(next);
    },
    [key, parse],
  );

  return [value, update];
}

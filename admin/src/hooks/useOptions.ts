import { useEffect, useState } from 'react';
import { api } from '../providers/httpClient';

/** A list for a select, loaded once when `enabled`; a failed load leaves it empty. */
export function useOptions<T>(path: string, enabled: boolean): T[] {
  const [options, setOptions] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    api
      .get<T[]>(path)
      .then(answer => setOptions(Array.isArray(answer) ? answer : []))
      .catch(() => setOptions([]));
  }, [path, enabled]);
  return options;
}

import { useEffect, useState } from 'react';
import { api } from '../providers/httpClient';

/** The records of a list answer: the answer itself when it is an array, else its `key` (e.g. `{ prompts }`). */
export function listOf<T>(answer: unknown, key?: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const inner = key ? (answer as Record<string, unknown> | undefined)?.[key] : undefined;
  return Array.isArray(inner) ? (inner as T[]) : [];
}

/**
 * A list for a select, loaded once when `enabled`; a failed load (e.g. a 403 from a plan gate) leaves it empty.
 * `key` names the records in an object answer.
 */
export function useOptions<T>(path: string, enabled: boolean, key?: string): T[] {
  const [options, setOptions] = useState<T[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    api
      .get<unknown>(path)
      .then((answer) => current && setOptions(listOf<T>(answer, key)))
      .catch(() => current && setOptions([]));
    return () => {
      current = false;
    };
  }, [path, enabled, key]);
  return options;
}

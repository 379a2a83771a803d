import { useEffect, useState } from 'react';
import { api } from '../../providers/httpClient';
import type { QueueOption } from './types';

export interface ConnectionOptions {
  providers: string[];
  queues: QueueOption[];
  prompts: { id: number; name: string }[];
  /** False until every list has answered (or failed). */
  loaded: boolean;
}

const listOf = <T>(answer: unknown, key: string): T[] => {
  if (Array.isArray(answer)) return answer as T[];
  const inner = (answer as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : [];
};

/** The connection dialog's selects: providers, queues and prompts; a failed load leaves a list empty. */
export function useConnectionOptions(): ConnectionOptions {
  const [options, setOptions] = useState<ConnectionOptions>({ providers: ['beta'], queues: [], prompts: [], loaded: false });
  useEffect(() => {
    let current = true;
    const load = <T>(path: string, key: string) => api.get<unknown>(path).then(answer => listOf<T>(answer, key), () => []);
    Promise.all([
      load<string>('/whatsapp/providers', 'providers'),
      load<QueueOption>('/queue', 'queues'),
      load<{ id: number; name: string }>('/prompt', 'prompts'),
    ]).then(([providers, queues, prompts]) => {
      if (current) setOptions({ providers: providers.length ? providers : ['beta'], queues, prompts, loaded: true });
    });
    return () => {
      current = false;
    };
  }, []);
  return options;
}

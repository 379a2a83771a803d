import { useEffect, useState } from 'react';
import { listOf } from '../../hooks/useOptions';
import { api } from '../../providers/httpClient';
import type { QueueOption } from './types';

export interface ConnectionOptions {
  providers: string[];
  queues: QueueOption[];
  prompts: { id: number; name: string }[];
  /** False until every list has answered (or failed). */
  loaded: boolean;
}

/**
 * The connection dialog's selects: providers, queues and prompts (GET /prompt → `prompts`); a failed load, such as
 * the 403 of a plan without the AI module, leaves a list empty.
 */
export function useConnectionOptions(): ConnectionOptions {
  const [options, setOptions] = useState<ConnectionOptions>({ providers: ['beta'], queues: [], prompts: [], loaded: false });
  useEffect(() => {
    let current = true;
    const load = <T>(path: string, key: string) =>
      api.get<unknown>(path).then(
        (answer) => listOf<T>(answer, key),
        () => [],
      );
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

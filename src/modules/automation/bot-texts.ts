import type { BotOption, BotQueue } from './bot.repository.js';

export const INVALID_OPTION = 'Opção inválida, por favor, escolha uma opção válida.';

/** `*[ 1 ]* - Queue` lines under the greeting (server-behaviour §5.4). */
export function queueMenu(greeting: string | null, queues: BotQueue[]): string {
  const lines = queues.map((queue, index) => `*[ ${index + 1} ]* - ${queue.name}`);
  return [greeting?.trim(), lines.join('\n')].filter(Boolean).join('\n\n');
}

/** One level of a queue's option tree, with the way back when it is not the first level. */
export function optionsMenu(header: string | null, options: BotOption[], nested: boolean): string {
  const lines = options.map((option) => `*[ ${option.option} ]* - ${option.title}`);
  if (nested) lines.push('*[ 0 ]* - Voltar');
  lines.push('*[ # ]* - Menu inicial');
  return [header?.trim(), lines.join('\n')].filter(Boolean).join('\n\n');
}

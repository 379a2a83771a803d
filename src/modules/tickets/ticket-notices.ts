import { renderTemplate } from '../../shared/template-variables.js';

/** Texts the server sends on behalf of the team (server-behaviour §4). */
export const acceptedGreeting = (contactName: string, agent: string, timeZone: string, protocol: string): string =>
  renderTemplate(`{{ms}} *{{name}}*, meu nome é *${agent}* e agora vou prosseguir com seu atendimento!`, { name: contactName, timeZone, protocol });

export function transferNotice(queueName: string | null, userName: string | null): string | null {
  if (userName && queueName) return `*Mensagem automática*:\nVocê foi transferido(a) para o atendente *${userName}* do setor *${queueName}*.`;
  if (userName) return `*Mensagem automática*:\nVocê foi transferido(a) para o atendente *${userName}*.`;
  if (queueName) return `*Mensagem automática*:\nVocê foi transferido(a) para o setor *${queueName}*. Em breve alguém irá atendê-lo(a).`;
  return null;
}

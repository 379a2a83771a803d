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

/** The 1–3 menu under the connection's rating message (server-behaviour §4). */
export const RATING_MENU = '*Digite de 1 à 3 para qualificar nosso atendimento:*\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_';

export const ratingQuestion = (ratingMessage: string | null): string => [ratingMessage?.trim(), RATING_MENU].filter(Boolean).join('\n\n');

/** The one reminder when the answer is not 1, 2 or 3. */
export const RATING_REMINDER = `Por favor, responda apenas com o número da sua avaliação.\n\n${RATING_MENU}`;

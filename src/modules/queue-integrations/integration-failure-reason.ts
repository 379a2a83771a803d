// The client's technical message stays in the log and the `message`; the browser shows a catalog text per reason
// (the server never localises), so nobody sees "Webhook unreachable: bad port".

export const INTEGRATION_FAILURE_REASONS = ['refused', 'timeout', 'unreachable', 'status', 'badAnswer', 'tooLarge', 'config', 'other'] as const;
export type IntegrationFailureReason = (typeof INTEGRATION_FAILURE_REASONS)[number];

/** What kind of failure an integration client reported, by its error's name and message. */
export function integrationFailureReason(error: unknown): IntegrationFailureReason {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'OutboundUrlRefused' || /private network|not allowed|refused to call/i.test(message)) return 'refused';
  if (/did not answer within|timed? ?out/i.test(message)) return 'timeout';
  if (/unreachable/i.test(message)) return 'unreachable';
  if (/too large|exceeds|redirect/i.test(message)) return 'tooLarge';
  if (/answered \d{3}(?!\d)(?! with)/.test(message)) return 'status';
  if (/answered/i.test(message)) return 'badAnswer';
  if (/unknown voice|invalid region|No Dialogflow project|credentials|invalid url|Invalid URL/i.test(message)) return 'config';
  return 'other';
}

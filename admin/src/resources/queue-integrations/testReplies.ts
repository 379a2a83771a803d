/** Keys under which a test answer may carry the agent's texts. */
const TEXT_KEYS = ['replies', 'messages', 'responses', 'fulfillmentMessages', 'text', 'fulfillmentText', 'message'];

/**
 * The texts of a POST /queueIntegration/testSession answer, whatever its exact shape: a text, a list of texts,
 * or objects carrying them (Dialogflow's `{ text: { text: [...] } }` included).
 */
export function repliesOf(answer: unknown): string[] {
  if (typeof answer === 'string') return answer.trim() ? [answer] : [];
  if (Array.isArray(answer)) return answer.flatMap(repliesOf);
  if (answer && typeof answer === 'object') {
    const record = answer as Record<string, unknown>;
    for (const key of TEXT_KEYS) {
      const found = repliesOf(record[key]);
      if (found.length) return found;
    }
  }
  return [];
}

/** A `#{json}` control reply of a Typebot flow: hand the ticket to a queue and/or agent, or stop the bot. */
export interface ControlReply {
  queueId: number | null;
  userId: number | null;
  stopBot: boolean;
}

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/** `#{"queueId":2}`, `#{"queueId":"2","userId":"5"}`, `#{"stopBot":true}`; null for ordinary text. */
export function parseControlReply(text: string): ControlReply | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#{')) return null;
  try {
    const value = JSON.parse(trimmed.slice(1)) as Record<string, unknown>;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const control = { queueId: positiveId(value.queueId), userId: positiveId(value.userId), stopBot: value.stopBot === true || value.stopBot === 'true' };
    return control.queueId || control.userId || control.stopBot ? control : null;
  } catch {
    return null;
  }
}

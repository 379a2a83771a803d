import { ApiError } from '../../providers/httpClient';

export const SEND_PATH = '/api/messages/send';

/** The endpoint as a client outside this app calls it. */
export const sendEndpoint = () => `${window.location.origin}${SEND_PATH}`;

/**
 * Calls the external API with a connection's token, not the signed-in session's (so no refresh and no
 * session clearing on 401); a JSON object is sent as JSON, FormData as multipart.
 */
export async function sendTestMessage(token: string, body: Record<string, string> | FormData): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token.trim()}` });
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const response = await fetch(SEND_PATH, {
    method: 'POST',
    headers,
    body: body instanceof FormData ? body : JSON.stringify(body),
    credentials: 'omit',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  if (!response.ok) throw new ApiError(response.status, json);
  return json;
}

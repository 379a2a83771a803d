import type { ApiErrorBody } from './httpClient';

/** API error codes that are about one field of the form that sent the request, and that field. */
const FIELD_OF_CODE: Record<string, string> = {
  ERR_NO_CONTACT_FOUND: 'contactId',
  ERR_NO_WAPP_FOUND: 'whatsappId',
  ERR_QUEUE_NAME_EXISTS: 'name',
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 'color',
  ERR_PROMPT_NAME_EXISTS: 'name',
  ERR_PROMPT_QUEUE_REQUIRED: 'queueId',
  ERR_INTEGRATION_NAME_EXISTS: 'name',
  ERR_INVALID_DIALOGFLOW_JSON: 'jsonContent',
  ERR_QUICK_MESSAGE_SHORTCODE_EXISTS: 'shortcode',
};

/**
 * Field errors of a 400 ERR_VALIDATION answer, in react-hook-form's shape. The server's words are the validator's
 * English, never shown: each refused field reads the catalog's 'moreFeedback.invalidValue' in the user's language.
 */
export function fieldErrors(fields: { field: string; messages: string[] }[]): Record<string, string> {
  return Object.fromEntries(fields.map(({ field }) => [field, 'moreFeedback.invalidValue']));
}

/**
 * react-admin's server-side validation shape (`body.errors`, read by pessimistic create/edit forms) for a refusal:
 * the 400 ERR_VALIDATION field list, or the field an error code is about; `root.serverError` is the toast.
 */
export function submissionErrors(body: ApiErrorBody | undefined, message: string): Record<string, unknown> | undefined {
  const fields = fieldErrors(body?.fields ?? []);
  const field = body?.error ? FIELD_OF_CODE[body.error] : undefined;
  if (field) fields[field] = message;
  return Object.keys(fields).length ? { ...fields, root: { serverError: message } } : undefined;
}

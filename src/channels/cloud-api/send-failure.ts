import type { SendFailure } from '../send-failure-sink.js';
import { cloudErrorCode } from './cloud-api-errors.js';
import type { CloudStatusEvent } from './webhook-events.js';

/**
 * A failed status as the message keeps it: the catalogued code for Meta's error code (as a refused send would get),
 * and Meta's code, title and details. A status without errors[] is a generic failure.
 */
export function sendFailureOf(status: Pick<CloudStatusEvent, 'error'>): SendFailure {
  const error = status.error;
  if (!error) return { code: 'ERR_CLOUD_SEND_FAILED', detail: 'failed' };
  const detail = `${error.code} ${error.title}${error.details ? `: ${error.details}` : ''}`;
  return { code: cloudErrorCode(error.code, 0), detail };
}

import { S3Client } from '@aws-sdk/client-s3';
import { ServiceOutageError } from '../../common/errors/infrastructure-error.js';
import type { S3Config } from '../../config/app-config.js';

/** How long a connection to the bucket may take to open, and a request may sit without a byte moving. */
const CONNECT_TIMEOUT_MS = 3000;
const IDLE_TIMEOUT_MS = 30_000;

export function createS3Client(config: S3Config): S3Client {
  // S3-compatible services (MinIO, R2, older gateways) differ in the checksums they accept: ask only where S3 requires.
  const checksums = config.endpoint ? 'WHEN_REQUIRED' : 'WHEN_SUPPORTED';
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    maxAttempts: 3,
  });
}

type SdkFailure = Error & { $metadata?: { httpStatusCode?: number } };

/** A failure the SDK raised (an answer of the service, or no answer at all), as opposed to one of our own streams. */
const isSdkFailure = (error: unknown): error is SdkFailure => error instanceof Error && '$metadata' in error;

/** The service answered that the object is not there (GetObject: NoSuchKey; HeadObject, which has no body: NotFound). */
export const isNoSuchKey = (error: unknown): boolean => isSdkFailure(error) && (error.name === 'NoSuchKey' || error.name === 'NotFound');

const THROTTLED = new Set(['SlowDown', 'ThrottlingException', 'RequestTimeout', 'RequestTimeTooSkewed']);

/**
 * No answer (refused, reset, timed out) or an answer meaning "not now" (5xx, throttling) becomes a ServiceOutageError,
 * which the app treats like a database outage (503 with Retry-After, jobs retried). Anything else is left as it is.
 */
export function storageFailure(error: unknown): unknown {
  if (!isSdkFailure(error)) return error;
  const status = error.$metadata?.httpStatusCode;
  if (status === undefined || status >= 500 || status === 429 || THROTTLED.has(error.name)) {
    return new ServiceOutageError(`object storage unavailable: ${error.name}: ${error.message}`, { cause: error });
  }
  return error;
}

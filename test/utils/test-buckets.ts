import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import type { S3Config } from '../../src/config/app-config.js';
import { createS3Client } from '../../src/infra/storage/s3-client.js';

const STORAGE_VARIABLES = ['STORAGE', 'S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** The storage settings of the test run's environment (STORAGE=s3 and the S3 server the e2e global setup started). */
export function storageEnv(): Record<string, string> {
  return Object.fromEntries(STORAGE_VARIABLES.filter((name) => process.env[name]).map((name) => [name, process.env[name]!]));
}

/** A new, empty bucket on the same server. */
export async function ownBucket(config: S3Config): Promise<S3Config> {
  const bucket = `app-${randomBytes(6).toString('hex')}`;
  const client = createS3Client(config);
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return { ...config, bucket };
}

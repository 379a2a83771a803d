import { describe, expect, it } from '@jest/globals';
import { EnvValidationError, parseEnv } from './env.schema.js';

describe('environment schema', () => {
  it('applies defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.NODE_ENV).toBe('development');
  });

  it('lists every bad variable at once', () => {
    try {
      parseEnv({ PORT: 'x', REDIS_URL: 'http://nope', DEMO_DATA: 'maybe' });
      throw new Error('expected a failure');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvValidationError);
      const problems = (error as EnvValidationError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/REDIS_URL/);
      expect(problems).toMatch(/DEMO_DATA/);
    }
  });

  it('keeps media on the local disk unless told, and needs a bucket for S3', () => {
    expect(parseEnv({}).STORAGE).toBe('local');
    expect(() => parseEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required with STORAGE=s3/);
    expect(() => parseEnv({ STORAGE: 'gcs' })).toThrow(/STORAGE/);
    expect(() => parseEnv({ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/give both or neither/);
    expect(() => parseEnv({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    const env = parseEnv({ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'false' });
    expect(env).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('requires the database and secrets in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*JWT_REFRESH_SECRET/);
  });
});

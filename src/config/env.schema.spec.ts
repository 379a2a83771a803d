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

  it('requires the database and secrets in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*JWT_REFRESH_SECRET/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../utils/test-app.js';

describe('health with Redis down', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on this port: the app still serves, and health reports the outage.
    t = await createTestApp({ redisUrl: 'redis://127.0.0.1:6399' });
  });
  afterAll(() => t.close());

  it('answers 503 naming the failed dependency', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
  });
});

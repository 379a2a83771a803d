import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../../config/app-config.js';
import { wantsDemoGraphApi } from './demo-graph-api.js';

const demo = { demoData: true, isProduction: false, nodeEnv: 'development', role: 'all' } as AppConfig;

describe('wantsDemoGraphApi', () => {
  it("runs the fake for npm start's demo, in the process that runs everything", () => {
    expect(wantsDemoGraphApi(demo, {})).toBe(true);
  });

  it('never in production, in tests, without demo data, in a split role, or when a Graph API address was given', () => {
    expect(wantsDemoGraphApi({ ...demo, isProduction: true, nodeEnv: 'production' }, {})).toBe(false);
    expect(wantsDemoGraphApi({ ...demo, nodeEnv: 'test' }, {})).toBe(false);
    expect(wantsDemoGraphApi({ ...demo, demoData: false }, {})).toBe(false);
    expect(wantsDemoGraphApi({ ...demo, role: 'api' }, {})).toBe(false);
    expect(wantsDemoGraphApi({ ...demo, role: 'worker' }, {})).toBe(false);
    expect(wantsDemoGraphApi(demo, { CLOUD_API_GRAPH_URL: 'https://graph.facebook.com' })).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverCandidates } from './server-address.js';

describe('where the terminal tools look for the server', () => {
  it('takes --url alone when given', () => {
    expect(serverCandidates({ url: 'http://example.test:9000/', env: { PORT: '3000' } })).toEqual([{ url: 'http://example.test:9000', source: '--url' }]);
  });

  it('tries the recorded address, then PORT, then the default port, each once', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'address-'));
    try {
      expect(serverCandidates({ env: { DATA_DIR: dataDir } }).map((c) => c.url)).toEqual(['http://localhost:8080']);
      writeFileSync(join(dataDir, 'server-address'), 'http://localhost:3000\n');
      const found = serverCandidates({ env: { DATA_DIR: dataDir, PORT: '4000' } });
      expect(found.map((c) => c.url)).toEqual(['http://localhost:3000', 'http://localhost:4000', 'http://localhost:8080']);
      expect(found[0]!.source).toContain(join(dataDir, 'server-address'));
      expect(serverCandidates({ env: { DATA_DIR: dataDir, PORT: '3000' } }).map((c) => c.url)).toEqual(['http://localhost:3000', 'http://localhost:8080']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

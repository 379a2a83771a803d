import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

/** localStorage as the browser keeps it, for the session module. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

type Answer = { status: number; body?: unknown } | 'network';

/** A fetch that answers each call with the next scripted answer, and records the paths called. */
function scriptFetch(answers: Answer[]): string[] {
  const calls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(String(url));
    const next = answers.shift() ?? { status: 200, body: {} };
    if (next === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body ?? {}), { status: next.status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

const outage = { status: 503, body: { error: 'ERR_SERVICE_UNAVAILABLE', message: 'x' } };
const realFetch = globalThis.fetch;

describe('httpClient during an outage', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
    localStorage.setItem('token', 'access-token');
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('keeps the session on a 503 and marks the API unreachable until another answer arrives', async () => {
    const { httpClient } = await import('./httpClient');
    const { apiStatus } = await import('./apiStatus');
    scriptFetch([outage, { status: 200, body: [] }]);
    await expect(httpClient('/api/tags')).rejects.toMatchObject({ status: 503, message: 'errors.ERR_SERVICE_UNAVAILABLE' });
    expect(localStorage.getItem('token')).toBe('access-token');
    expect(apiStatus.unreachable()).toBe(true);
    await httpClient('/api/tags');
    expect(apiStatus.unreachable()).toBe(false);
  });

  it("reads a proxy's 502 or 504 page as the outage, keeping the session", async () => {
    const { httpClient } = await import('./httpClient');
    const { apiStatus } = await import('./apiStatus');
    for (const status of [502, 504]) {
      globalThis.fetch = (async () => new Response('<html>Bad Gateway</html>', { status, headers: { 'Content-Type': 'text/html' } })) as typeof fetch;
      await expect(httpClient('/api/tags')).rejects.toMatchObject({ status, message: 'errors.ERR_SERVICE_UNAVAILABLE' });
      expect(localStorage.getItem('token')).toBe('access-token');
      expect(apiStatus.unreachable()).toBe(true);
      scriptFetch([{ status: 200, body: [] }]);
      await httpClient('/api/tags');
      expect(apiStatus.unreachable()).toBe(false);
    }
  });

  it('keeps the session when the request gets no answer at all', async () => {
    const { httpClient } = await import('./httpClient');
    const { apiStatus } = await import('./apiStatus');
    scriptFetch(['network']);
    await expect(httpClient('/api/tags')).rejects.toBeInstanceOf(TypeError);
    expect(localStorage.getItem('token')).toBe('access-token');
    expect(apiStatus.unreachable()).toBe(true);
  });

  it('keeps the session when the access token expired and the refresh meets the outage (503, not signed out)', async () => {
    const { httpClient } = await import('./httpClient');
    const calls = scriptFetch([{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }, outage]);
    await expect(httpClient('/api/tags')).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual(['/api/tags', '/api/auth/refresh_token']);
    expect(localStorage.getItem('token')).toBe('access-token');
  });

  it('still ends the session when the refresh is refused (401)', async () => {
    const { httpClient } = await import('./httpClient');
    scriptFetch([
      { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } },
      { status: 401, body: { error: 'ERR_SESSION_EXPIRED' } },
    ]);
    await expect(httpClient('/api/tags')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

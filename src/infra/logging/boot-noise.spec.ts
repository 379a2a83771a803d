import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { bootNoiseHook } from './boot-noise.js';

function logger(level: string): { log: pino.Logger; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { log: pino({ level, hooks: bootNoiseHook(level) }, sink), lines: () => written.map((line) => JSON.parse(line)) };
}

describe('boot log', () => {
  it("drops Nest's route and module lines at info, keeps everything else", async () => {
    const { log, lines } = logger('info');
    log.info({ context: 'RouterExplorer' }, 'Mapped {/api/tickets, GET} route');
    log.info({ context: 'RoutesResolver' }, 'TicketsController {/api/tickets}:');
    log.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
    log.info({ context: 'NestApplication' }, 'Nest application successfully started');
    log.warn({ context: 'RouterExplorer' }, 'a route warning');
    log.info('plain');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines().map((line) => line.msg)).toEqual(['Nest application successfully started', 'a route warning', 'plain']);
  });

  it('keeps them at debug', async () => {
    const { log, lines } = logger('debug');
    log.info({ context: 'RouterExplorer' }, 'Mapped {/api/tickets, GET} route');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines()).toHaveLength(1);
  });
});

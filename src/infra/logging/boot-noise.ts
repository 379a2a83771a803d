import type { LoggerOptions } from 'pino';

/**
 * Nest's start-up chatter: a line per module, controller and route (about 350 in all) that buried the start's own
 * "listening on …" and the demo accounts. Kept at LOG_LEVEL=debug or trace, where someone asked for detail.
 */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);
const INFO = 30;

export function bootNoiseHook(level: string): LoggerOptions['hooks'] {
  if (level === 'debug' || level === 'trace') return {};
  return {
    logMethod(args, method, levelValue) {
      const first = args[0] as unknown;
      const context = typeof first === 'object' && first !== null ? (first as { context?: unknown }).context : undefined;
      if (levelValue <= INFO && typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
      method.apply(this, args);
    },
  };
}

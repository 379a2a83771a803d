import { type DestinationStream, pino } from 'pino';

/** process.stdout's own write, as the process started with it. */
const nativeStdoutWrite = process.stdout.write;

/**
 * Where log lines go: standard output, written asynchronously so a request never waits on the terminal or the log
 * collector's pipe. When something replaced process.stdout.write (a test capturing the lines), through that instead,
 * as pino itself does by default.
 */
export function logDestination(): DestinationStream | undefined {
  return process.stdout.write === nativeStdoutWrite ? pino.destination({ dest: 1, sync: false }) : undefined;
}

import type { Logger } from '@nestjs/common';
import type { ChannelEvents } from './channel-provider.js';
import type { InboundSink } from './inbound-sink.js';
import type { LiveSession } from './live-session.js';

/** A replay does not wait longer than this for its session to connect. */
export const REPLAY_WAIT_MS = 60_000;

type TrafficEvents = Pick<ChannelEvents, 'message' | 'ack' | 'edit' | 'revoke' | 'call'>;

/**
 * A session's traffic goes to the inbound pipeline, which records each event durably before the provider may
 * acknowledge it. A provider that awaits the record learns of a failure (and does not acknowledge); one that does not
 * await it (a receipt timer, a connection deleted meanwhile) must not leave an unhandled rejection: it is logged.
 */
export function trafficEvents(live: LiveSession, pipeline: InboundSink, logger: Logger): TrafficEvents {
  const recording = (record: Promise<void>): Promise<void> => {
    record.catch((error: unknown) => logger.warn(`connection ${live.ref.id}: event not recorded: ${error instanceof Error ? error.message : String(error)}`));
    return record;
  };
  return {
    message: (message) => recording(pipeline.message(live.ref, message, live.session)),
    ack: (providerId, ack) => recording(pipeline.ack(live.ref, providerId, ack)),
    edit: (providerId, body, editedAt) => recording(pipeline.edit(live.ref, providerId, body, editedAt)),
    revoke: (providerId) => recording(pipeline.revoke(live.ref, providerId)),
    call: (call) => recording(pipeline.call(live.ref, call, live.session)),
  };
}

/**
 * Events a dead process recorded but did not finish are processed first on the connection's lane, once the session
 * is up (so the bot can answer them); anything that arrives meanwhile waits behind them.
 */
export function replayWhenReady(live: LiveSession, pipeline: InboundSink): void {
  void pipeline.replay(live.ref, live.session, () => live.settledWithin(REPLAY_WAIT_MS));
}

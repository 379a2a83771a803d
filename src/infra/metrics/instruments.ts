import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from './prom.js';

/**
 * Counters and histograms moved where things happen (the inbox, the sessions, the campaign walker...). They live in
 * one registry per process, like prom-client's default one, so a call site needs one line and no injected service;
 * the series read from the database, Redis and BullMQ at scrape time belong to each app (MetricsCollectors).
 * Labels stay few and bounded: never a ticket, message, contact or company id.
 */
export const processRegistry = new Registry();
const registers = [processRegistry];

let defaultsOn = false;
/** Process CPU, memory, heap, event-loop lag and GC: started once, by the first app that serves metrics. */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: processRegistry });
}

export const httpMetrics = {
  duration: new Histogram<'method' | 'route' | 'status'>({
    name: 'atendechat_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  inFlight: new Gauge({ name: 'atendechat_http_requests_in_flight', help: 'HTTP requests being served', registers }),
};

export const realtimeMetrics = {
  connections: new Gauge({ name: 'atendechat_socket_connections', help: 'socket.io connections to this process', registers }),
  emitted: new Counter<'topic'>({
    name: 'atendechat_socket_events_emitted_total',
    help: 'socket.io events emitted by topic (one per emission, whatever the rooms)',
    labelNames: ['topic'],
    registers,
  }),
};

export const ingestMetrics = {
  accepted: new Counter<'kind'>({
    name: 'atendechat_inbox_accepted_total',
    help: 'Provider events committed to the inbox (acknowledged to the provider), by kind',
    labelNames: ['kind'],
    registers,
  }),
  processed: new Counter({ name: 'atendechat_inbox_processed_total', help: 'Inbox events processed (messages, receipts, edits, calls)', registers }),
  replayed: new Counter({ name: 'atendechat_inbox_replayed_total', help: 'Inbox events recorded by another process and replayed here', registers }),
};

export const channelMetrics = {
  sends: new Counter<'provider' | 'result'>({
    name: 'atendechat_outbound_sends_total',
    help: 'Messages handed to a provider, by provider and result (sent, failed)',
    labelNames: ['provider', 'result'],
    registers,
  }),
  statusChanges: new Counter<'status'>({
    name: 'atendechat_connection_status_changes_total',
    help: 'Connection status changes written by this process, by new status',
    labelNames: ['status'],
    registers,
  }),
  takeovers: new Counter({
    name: 'atendechat_lease_takeovers_total',
    help: 'Connections this process started because nobody ran them (a dead or restarted holder)',
    registers,
  }),
  leaseLosses: new Counter<'reason'>({
    name: 'atendechat_lease_losses_total',
    help: 'Connection leases this process lost, by reason (taken, unreachable)',
    labelNames: ['reason'],
    registers,
  }),
};

export const jobMetrics = {
  duration: new Histogram<'queue' | 'result'>({
    name: 'atendechat_job_duration_seconds',
    help: 'BullMQ job run time by queue and result (completed, failed)',
    labelNames: ['queue', 'result'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  }),
};

export const campaignMetrics = {
  recipients: new Counter<'result'>({
    name: 'atendechat_campaign_recipients_total',
    help: 'Campaign recipients sent or failed',
    labelNames: ['result'],
    registers,
  }),
  waits: new Counter<'reason'>({
    name: 'atendechat_campaign_waits_total',
    help: 'Campaign walks put off until later, by reason (daily_cap, quiet_hours)',
    labelNames: ['reason'],
    registers,
  }),
  autoPauses: new Counter<'reason'>({
    name: 'atendechat_campaign_auto_pauses_total',
    help: 'Campaigns stopped on their own, by reason (TOO_MANY_FAILURES, CONNECTION_DISCONNECTED...)',
    labelNames: ['reason'],
    registers,
  }),
};

export const importMetrics = {
  rows: new Counter<'stage'>({
    name: 'atendechat_import_rows_total',
    help: 'Contact-list import rows, by stage (checked, written)',
    labelNames: ['stage'],
    registers,
  }),
};

/** The metrics client this server uses, in one place: prom-client's registry, metric types and default collectors. */
export { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

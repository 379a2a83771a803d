/**
 * The metrics client: the subset of prom-client's API this server uses (Counter, Gauge, Histogram, Registry,
 * collectDefaultMetrics), with the same names, options and exposition. prom-client is not installed yet; once it is,
 * this whole file becomes
 *
 *   export { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
 *
 * and nothing else changes. Until then this minimal implementation answers the same text format (0.0.4).
 */
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

type LabelValues<T extends string> = Partial<Record<T, string | number>>;
type CollectFunction<M> = (this: M) => void | Promise<void>;

interface MetricConfiguration<T extends string, M> {
  name: string;
  help: string;
  labelNames?: readonly T[];
  registers?: Registry[];
  collect?: CollectFunction<M>;
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
const formatValue = (value: number): string => (Number.isNaN(value) ? 'NaN' : value === Infinity ? '+Inf' : value === -Infinity ? '-Inf' : String(value));

function labelText(labels: Record<string, string | number>, extra?: [string, string]): string {
  const parts = Object.entries(labels).map(([key, value]) => `${key}="${escapeLabel(String(value))}"`);
  if (extra) parts.push(`${extra[0]}="${escapeLabel(extra[1])}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

abstract class Metric<T extends string, M> {
  readonly name: string;
  readonly help: string;
  protected readonly labelNames: readonly T[];
  private readonly collectFn?: CollectFunction<M>;

  constructor(
    config: MetricConfiguration<T, M>,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames ?? [];
    this.collectFn = config.collect;
    for (const registry of config.registers ?? [defaultRegistry]) registry.registerMetric(this as unknown as AnyMetric);
  }

  /** The labels in declared order, as one key; undeclared labels are refused like prom-client does. */
  protected key(labels: LabelValues<T>): { key: string; labels: Record<string, string | number> } {
    const ordered: Record<string, string | number> = {};
    for (const name of Object.keys(labels))
      if (!this.labelNames.includes(name as T)) throw new Error(`Added label "${name}" is not included in initial labelset`);
    for (const name of this.labelNames) {
      const value = labels[name];
      if (value !== undefined) ordered[name] = value;
    }
    return { key: JSON.stringify(ordered), labels: ordered };
  }

  async collect(): Promise<void> {
    if (this.collectFn) await this.collectFn.call(this as unknown as M);
  }

  abstract reset(): void;
  abstract samples(): string[];

  exposition(): string {
    return [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${this.type}`, ...this.samples()].join('\n');
  }
}

type AnyMetric = Metric<string, unknown>;

function splitArgs<T extends string>(a?: LabelValues<T> | number, b?: number): [LabelValues<T>, number | undefined] {
  return typeof a === 'object' ? [a, b] : [{}, a];
}

class ValueMetric<T extends string, M> extends Metric<T, M> {
  protected readonly values = new Map<string, { labels: Record<string, string | number>; value: number }>();

  protected add(labels: LabelValues<T>, delta: number, replace: boolean): void {
    const { key, labels: ordered } = this.key(labels);
    const entry = this.values.get(key);
    if (entry) entry.value = replace ? delta : entry.value + delta;
    else this.values.set(key, { labels: ordered, value: delta });
  }

  reset(): void {
    this.values.clear();
  }

  samples(): string[] {
    if (!this.values.size && !this.labelNames.length) return [`${this.name} 0`];
    return [...this.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${formatValue(value)}`);
  }
}

export class Counter<T extends string = string> extends ValueMetric<T, Counter<T>> {
  constructor(config: MetricConfiguration<T, Counter<T>>) {
    super(config, 'counter');
  }

  inc(labels?: LabelValues<T> | number, value?: number): void {
    const [given, amount = 1] = splitArgs(labels, value);
    if (amount < 0) throw new Error('It is not possible to decrease a counter');
    this.add(given, amount, false);
  }
}

export class Gauge<T extends string = string> extends ValueMetric<T, Gauge<T>> {
  constructor(config: MetricConfiguration<T, Gauge<T>>) {
    super(config, 'gauge');
  }

  set(labels: LabelValues<T> | number, value?: number): void {
    const [given, amount = 0] = splitArgs(labels, value);
    this.add(given, amount, true);
  }

  inc(labels?: LabelValues<T> | number, value?: number): void {
    const [given, amount = 1] = splitArgs(labels, value);
    this.add(given, amount, false);
  }

  dec(labels?: LabelValues<T> | number, value?: number): void {
    const [given, amount = 1] = splitArgs(labels, value);
    this.add(given, -amount, false);
  }
}

interface HistogramConfiguration<T extends string> extends MetricConfiguration<T, Histogram<T>> {
  buckets?: number[];
}

interface HistogramEntry {
  labels: Record<string, string | number>;
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram<T extends string = string> extends Metric<T, Histogram<T>> {
  private readonly buckets: number[];
  private readonly entries = new Map<string, HistogramEntry>();

  constructor(config: HistogramConfiguration<T>) {
    super(config, 'histogram');
    this.buckets = [...(config.buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10])].sort((a, b) => a - b);
  }

  observe(labels: LabelValues<T> | number, value?: number): void {
    const [given, amount = 0] = splitArgs(labels, value);
    const { key, labels: ordered } = this.key(given);
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { labels: ordered, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.entries.set(key, entry);
    }
    // Cumulative at exposition time; here only the first bucket that fits counts.
    const at = this.buckets.findIndex((bound) => amount <= bound);
    if (at >= 0) entry.counts[at]! += 1;
    entry.sum += amount;
    entry.count += 1;
  }

  /** Starts a timer; the function it answers observes the seconds elapsed (with extra labels) and returns them. */
  startTimer(labels: LabelValues<T> = {}): (more?: LabelValues<T>) => number {
    const started = performance.now();
    return (more = {}) => {
      const seconds = (performance.now() - started) / 1000;
      this.observe({ ...labels, ...more }, seconds);
      return seconds;
    };
  }

  reset(): void {
    this.entries.clear();
  }

  samples(): string[] {
    const lines: string[] = [];
    for (const { labels, counts, sum, count } of this.entries.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += counts[i]!;
        lines.push(`${this.name}_bucket${labelText(labels, ['le', String(bound)])} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText(labels, ['le', '+Inf'])} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${formatValue(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

export class Registry {
  readonly contentType = 'text/plain; version=0.0.4; charset=utf-8';
  private readonly metricsByName = new Map<string, AnyMetric>();

  registerMetric(metric: AnyMetric): void {
    if (this.metricsByName.has(metric.name)) throw new Error(`A metric with the name ${metric.name} has already been registered.`);
    this.metricsByName.set(metric.name, metric);
  }

  getSingleMetric(name: string): AnyMetric | undefined {
    return this.metricsByName.get(name);
  }

  removeSingleMetric(name: string): void {
    this.metricsByName.delete(name);
  }

  clear(): void {
    this.metricsByName.clear();
  }

  resetMetrics(): void {
    for (const metric of this.metricsByName.values()) metric.reset();
  }

  async metrics(): Promise<string> {
    const metrics = [...this.metricsByName.values()];
    await Promise.all(metrics.map((metric) => metric.collect()));
    return `${metrics.map((metric) => metric.exposition()).join('\n')}\n`;
  }
}

const defaultRegistry = new Registry();

/** prom-client's default process and Node.js series (CPU, memory, heap, event-loop lag, GC), by its names. */
export function collectDefaultMetrics(config: { register?: Registry; eventLoopMonitoringPrecision?: number } = {}): void {
  const registers = [config.register ?? defaultRegistry];
  const startSeconds = Math.round(Date.now() / 1000 - process.uptime());
  const lag = monitorEventLoopDelay({ resolution: config.eventLoopMonitoringPrecision ?? 10 });
  lag.enable();
  let lastCpu = process.cpuUsage();
  const cpuUser = new Counter({ name: 'process_cpu_user_seconds_total', help: 'Total user CPU time spent in seconds.', registers });
  const cpuSystem = new Counter({ name: 'process_cpu_system_seconds_total', help: 'Total system CPU time spent in seconds.', registers });
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers,
    collect() {
      const now = process.cpuUsage();
      cpuUser.inc((now.user - lastCpu.user) / 1e6);
      cpuSystem.inc((now.system - lastCpu.system) / 1e6);
      this.inc((now.user - lastCpu.user + now.system - lastCpu.system) / 1e6);
      lastCpu = now;
    },
  });
  new Gauge({ name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds.', registers }).set(startSeconds);
  const memory = (name: string, help: string, read: (m: NodeJS.MemoryUsage) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read(process.memoryUsage()));
      },
    });
  memory('process_resident_memory_bytes', 'Resident memory size in bytes.', (m) => m.rss);
  memory('nodejs_heap_size_total_bytes', 'Process heap size from Node.js in bytes.', (m) => m.heapTotal);
  memory('nodejs_heap_size_used_bytes', 'Process heap size used from Node.js in bytes.', (m) => m.heapUsed);
  memory('nodejs_external_memory_bytes', 'Node.js external memory size in bytes.', (m) => m.external);
  const lagGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read() / 1e9);
      },
    });
  lagGauge('nodejs_eventloop_lag_min_seconds', 'The minimum recorded event loop delay.', () => lag.min);
  lagGauge('nodejs_eventloop_lag_max_seconds', 'The maximum recorded event loop delay.', () => lag.max);
  lagGauge('nodejs_eventloop_lag_mean_seconds', 'The mean of the recorded event loop delays.', () => lag.mean);
  lagGauge('nodejs_eventloop_lag_p50_seconds', 'The 50th percentile of the recorded event loop delays.', () => lag.percentile(50));
  lagGauge('nodejs_eventloop_lag_p90_seconds', 'The 90th percentile of the recorded event loop delays.', () => lag.percentile(90));
  // Read last (collects start in registration order): the delays are then forgotten, so each scrape sees its interval.
  lagGauge('nodejs_eventloop_lag_p99_seconds', 'The 99th percentile of the recorded event loop delays.', () => {
    const p99 = lag.percentile(99);
    lag.reset();
    return p99;
  });
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Lag of event loop in seconds.',
    registers,
    // Like prom-client: how late a callback queued now runs.
    collect() {
      const start = performance.now();
      return new Promise<void>((resolve) =>
        setImmediate(() => {
          this.set((performance.now() - start) / 1000);
          resolve();
        }),
      );
    },
  });
  new Gauge({ name: 'nodejs_version_info', help: 'Node.js version info.', labelNames: ['version'], registers }).set({ version: process.version }, 1);
  const gc = new Histogram({
    name: 'nodejs_gc_duration_seconds',
    help: 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.',
    labelNames: ['kind'],
    buckets: [0.001, 0.01, 0.1, 1, 2, 5],
    registers,
  });
  const kinds: Record<number, string> = { 1: 'major', 2: 'minor', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      gc.observe({ kind: kinds[kind] ?? 'unknown' }, entry.duration / 1000);
    }
  }).observe({ entryTypes: ['gc'] });
}

import { Counter, Gauge, Histogram, Registry } from './prom.js';

/** The exposition Prometheus parses (text format 0.0.4), as prom-client writes it. */
describe('metrics client', () => {
  it('writes counters and gauges with their help, type and escaped labels', async () => {
    const registry = new Registry();
    const counter = new Counter<'kind'>({ name: 'events_total', help: 'Events\nseen', labelNames: ['kind'], registers: [registry] });
    counter.inc({ kind: 'message' });
    counter.inc({ kind: 'message' }, 2);
    counter.inc({ kind: 'a "quoted"\\kind' });
    const gauge = new Gauge({
      name: 'depth',
      help: 'Depth',
      registers: [registry],
      collect() {
        this.set(7);
      },
    });
    expect(gauge).toBeDefined();
    expect(await registry.metrics()).toBe(
      [
        '# HELP events_total Events\\nseen',
        '# TYPE events_total counter',
        'events_total{kind="message"} 3',
        'events_total{kind="a \\"quoted\\"\\\\kind"} 1',
        '# HELP depth Depth',
        '# TYPE depth gauge',
        'depth 7',
        '',
      ].join('\n'),
    );
    expect(registry.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('refuses labels that were not declared and negative counter increments', () => {
    const registry = new Registry();
    const counter = new Counter<'kind'>({ name: 'c_total', help: 'c', labelNames: ['kind'], registers: [registry] });
    expect(() => counter.inc({ other: 'x' } as never)).toThrow('not included');
    expect(() => counter.inc(-1)).toThrow();
    expect(() => new Counter({ name: 'c_total', help: 'again', registers: [registry] })).toThrow('already been registered');
  });

  it('writes cumulative histogram buckets, sum and count', async () => {
    const registry = new Registry();
    const histogram = new Histogram<'route'>({ name: 'took_seconds', help: 'Took', labelNames: ['route'], buckets: [0.1, 1], registers: [registry] });
    histogram.observe({ route: '/a' }, 0.05);
    histogram.observe({ route: '/a' }, 0.5);
    histogram.observe({ route: '/a' }, 3);
    const text = await registry.metrics();
    expect(text).toContain('took_seconds_bucket{route="/a",le="0.1"} 1\n');
    expect(text).toContain('took_seconds_bucket{route="/a",le="1"} 2\n');
    expect(text).toContain('took_seconds_bucket{route="/a",le="+Inf"} 3\n');
    expect(text).toContain('took_seconds_sum{route="/a"} 3.55\n');
    expect(text).toContain('took_seconds_count{route="/a"} 3\n');
  });
});

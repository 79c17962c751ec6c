import { describe, expect, it } from 'vitest';
import { PrometheusMetrics } from './prometheus-metrics.js';

describe('the metrics service', () => {
  it('serves counters, gauges and histograms in the Prometheus text format, with the process metrics', async () => {
    const metrics = new PrometheusMetrics();
    metrics.counter({ name: 'cassette_test_things_total', help: 'Things', labelNames: ['kind'] }).inc({ kind: 'a' }, 2);
    metrics.gauge({ name: 'cassette_test_level', help: 'Level' }).set(7);
    metrics.histogram({ name: 'cassette_test_seconds', help: 'Time', buckets: [0.1, 1] }).observe(0.5);
    const text = await metrics.scrape();
    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('# HELP cassette_test_things_total Things\n# TYPE cassette_test_things_total counter');
    expect(text).toMatch(/^cassette_test_things_total\{kind="a"\} 2$/m);
    expect(text).toMatch(/^cassette_test_level 7$/m);
    expect(text).toMatch(/^cassette_test_seconds_bucket\{le="0\.1"\} 0$/m);
    expect(text).toMatch(/^cassette_test_seconds_bucket\{le="1"\} 1$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
  });

  it('gives the same metric for the same definition, so a handler may ask each time', async () => {
    const metrics = new PrometheusMetrics();
    const def = { name: 'cassette_test_batches_total', help: 'Batches' };
    metrics.counter(def).inc();
    metrics.counter({ ...def }).inc();
    expect(metrics.counter(def)).toBe(metrics.counter(def));
    expect(await metrics.scrape()).toMatch(/^cassette_test_batches_total 2$/m);
  });

  it('refuses a clash, a name outside cassette_ and bad label names', () => {
    const metrics = new PrometheusMetrics();
    metrics.counter({ name: 'cassette_test_x_total', help: 'X' });
    expect(() => metrics.gauge({ name: 'cassette_test_x_total', help: 'X' })).toThrow(/already registered as a counter/);
    expect(() => metrics.counter({ name: 'cassette_test_x_total', help: 'X', labelNames: ['kind'] })).toThrow(/another definition/);
    expect(() => metrics.counter({ name: 'http_requests_total', help: 'X' })).toThrow(/must start with "cassette_"/);
    expect(() => metrics.counter({ name: 'cassette_test_y_total', help: 'Y', labelNames: ['Bad-Label'] })).toThrow(/label name "Bad-Label"/);
  });

  it('sets a collected gauge before each scrape and keeps the last value when its source fails', async () => {
    const metrics = new PrometheusMetrics();
    let depth: number | Error = 3;
    metrics.gauge({
      name: 'cassette_test_depth',
      help: 'Depth',
      collect: (gauge) => {
        if (depth instanceof Error) throw depth;
        gauge.set(depth);
      },
    });
    expect(await metrics.scrape()).toMatch(/^cassette_test_depth 3$/m);
    depth = new Error('Redis is down');
    expect(await metrics.scrape()).toMatch(/^cassette_test_depth 3$/m);
  });

  it('keeps each kernel’s series apart', async () => {
    const one = new PrometheusMetrics();
    const two = new PrometheusMetrics();
    one.counter({ name: 'cassette_test_apart_total', help: 'A' }).inc();
    two.counter({ name: 'cassette_test_apart_total', help: 'A' });
    expect(await two.scrape()).toMatch(/^cassette_test_apart_total 0$/m);
  });
});

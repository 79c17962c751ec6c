import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type {
  CounterMetric,
  GaugeDef,
  GaugeMetric,
  HistogramDef,
  HistogramMetric,
  Logger,
  MetricDef,
  MetricLabels,
  MetricsService,
} from '@cassette/plugin-sdk/server';

type Kind = 'counter' | 'gauge' | 'histogram';

interface Registered {
  kind: Kind;
  signature: string;
  metric: CounterMetric | GaugeMetric | HistogramMetric;
}

const NAME = /^cassette_[a-z0-9_]*[a-z0-9]$/;
const LABEL = /^[a-z_][a-z0-9_]*$/;

const labelsOf = (labels: MetricLabels | undefined) => (labels ?? {}) as Record<string, string | number>;

/**
 * The kernel's metrics on prom-client, one registry per kernel (test kernels in one process
 * never share series). The process metrics (memory, CPU, event loop, GC) are registered on
 * the first scrape, so kernels nobody scrapes start no observers.
 */
export class PrometheusMetrics implements MetricsService {
  private readonly registry = new Registry();
  private readonly metrics = new Map<string, Registered>();
  private processMetrics = false;

  constructor(private readonly log?: Logger) {}

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition of every metric. */
  async scrape(): Promise<string> {
    if (!this.processMetrics) {
      collectDefaultMetrics({ register: this.registry });
      this.processMetrics = true;
    }
    return this.registry.metrics();
  }

  counter(def: MetricDef): CounterMetric {
    return this.define('counter', def, () => {
      const counter = new Counter({ name: def.name, help: def.help, labelNames: [...(def.labelNames ?? [])], registers: [this.registry] });
      return { inc: (labels, amount = 1) => counter.inc(labelsOf(labels), amount) };
    });
  }

  gauge(def: GaugeDef): GaugeMetric {
    const log = this.log;
    return this.define('gauge', def, () => {
      let view: GaugeMetric;
      const gauge = new Gauge({
        name: def.name,
        help: def.help,
        labelNames: [...(def.labelNames ?? [])],
        registers: [this.registry],
        // A failing source (Redis down) keeps the last values instead of failing the whole scrape.
        ...(def.collect
          ? {
              collect: async () => {
                try {
                  await def.collect!(view);
                } catch (err) {
                  log?.warn({ err, metric: def.name }, 'a metric could not be collected');
                }
              },
            }
          : {}),
      });
      view = {
        set: (value, labels) => gauge.set(labelsOf(labels), value),
        inc: (labels, amount = 1) => gauge.inc(labelsOf(labels), amount),
        dec: (labels, amount = 1) => gauge.dec(labelsOf(labels), amount),
      };
      return view;
    });
  }

  histogram(def: HistogramDef): HistogramMetric {
    return this.define('histogram', def, () => {
      const histogram = new Histogram({
        name: def.name,
        help: def.help,
        labelNames: [...(def.labelNames ?? [])],
        registers: [this.registry],
        ...(def.buckets ? { buckets: [...def.buckets] } : {}),
      });
      return {
        observe: (value, labels) => histogram.observe(labelsOf(labels), value),
        startTimer: (labels) => {
          const end = histogram.startTimer(labelsOf(labels));
          return (more) => end(labelsOf(more));
        },
      };
    });
  }

  private define<M extends Registered['metric']>(kind: Kind, def: MetricDef & { buckets?: readonly number[] }, create: () => M): M {
    if (!NAME.test(def.name)) throw new Error(`Metric name "${def.name}" must start with "cassette_" and hold only a-z, 0-9 and "_"`);
    const bad = (def.labelNames ?? []).find((label) => !LABEL.test(label));
    if (bad !== undefined) throw new Error(`Metric "${def.name}": label name "${bad}" must hold only a-z, 0-9 and "_"`);
    const signature = JSON.stringify([def.help, [...(def.labelNames ?? [])].sort(), def.buckets ?? null]);
    const known = this.metrics.get(def.name);
    if (known) {
      if (known.kind === kind && known.signature === signature) return known.metric as M;
      throw new Error(`Metric "${def.name}" is already registered as a ${known.kind} with another definition`);
    }
    const metric = create();
    this.metrics.set(def.name, { kind, signature, metric });
    return metric;
  }
}

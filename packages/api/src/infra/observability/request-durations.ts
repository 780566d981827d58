// http_request_duration_seconds kept in plain numbers: each answer adds to its series' bucket and sum, and prom-client
// sees the figures only when /metrics is scraped (registered as a metric object of its own). prom-client's Histogram
// checks and hashes the labels on every observe: 1.4-1.5 us of CPU an answer against 30-70 ns here (bench/results/history.md).

/** One line of the scrape, as prom-client's registry prints it. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

export interface DurationSeries {
  observe(seconds: number): void;
}

interface Series extends DurationSeries {
  labels: Record<string, string>;
  /** Answers per bucket, not cumulative: counts[i] took at most buckets[i] and more than buckets[i - 1]. */
  counts: number[];
  sum: number;
  count: number;
}

export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds in seconds, ascending. */
    private readonly buckets: readonly number[],
  ) {}

  /** The series of one label set (the same object for the same labels); callers keep it rather than ask per answer. */
  series(labels: Record<string, string>): DurationSeries {
    const key = JSON.stringify(labels);
    const known = this.all.get(key);
    if (known) return known;
    const { buckets } = this;
    const one: Series = {
      labels,
      counts: buckets.map(() => 0),
      sum: 0,
      count: 0,
      observe(seconds) {
        let i = 0;
        while (i < buckets.length && seconds > (buckets[i] as number)) i += 1;
        if (i < buckets.length) one.counts[i] = (one.counts[i] ?? 0) + 1;
        one.sum += seconds;
        one.count += 1;
      },
    };
    this.all.set(key, one);
    return one;
  }

  /** What prom-client's registry prints: cumulative buckets with `le`, then `+Inf`, `_sum` and `_count`. */
  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: Sample[] }> {
    const values: Sample[] = [];
    for (const one of this.all.values()) {
      let below = 0;
      this.buckets.forEach((bound, i) => {
        below += one.counts[i] ?? 0;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...one.labels, le: bound }, value: below });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { ...one.labels, le: '+Inf' }, value: one.count },
        { metricName: `${this.name}_sum`, labels: one.labels, value: one.sum },
        { metricName: `${this.name}_count`, labels: one.labels, value: one.count },
      );
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  /** prom-client's registry resets its metrics on request (never here): figures since the start are what a scrape wants. */
  reset(): void {
    for (const one of this.all.values()) {
      one.counts.fill(0);
      one.sum = 0;
      one.count = 0;
    }
  }
}

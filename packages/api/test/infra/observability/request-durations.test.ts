// The request-duration histogram kept in plain numbers (infra/observability/request-durations.ts), as prom-client's
// registry prints it: cumulative buckets with a bound counted in its own bucket, +Inf, sum and count.
import { Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../../../src/infra/observability/request-durations.js';

describe('RequestDurations', () => {
  it('prints the buckets, sum and count of each label set in the exposition format', async () => {
    const durations = new RequestDurations('t_seconds', 'Test durations', [0.001, 0.01, 1]);
    const registry = new Registry();
    registry.registerMetric(durations as unknown as Metric);
    const get = durations.series({ method: 'GET', route: '/a' });
    // The same labels give the same series: two callers of one label set add up in one.
    expect(durations.series({ method: 'GET', route: '/a' })).toBe(get);
    for (const seconds of [0.0005, 0.001, 0.003, 0.5, 20]) get.observe(seconds);
    durations.series({ method: 'POST', route: '/b' }).observe(0.25);

    expect(await registry.metrics()).toBe(
      [
        '# HELP t_seconds Test durations',
        '# TYPE t_seconds histogram',
        't_seconds_bucket{method="GET",route="/a",le="0.001"} 2',
        't_seconds_bucket{method="GET",route="/a",le="0.01"} 3',
        't_seconds_bucket{method="GET",route="/a",le="1"} 4',
        't_seconds_bucket{method="GET",route="/a",le="+Inf"} 5',
        't_seconds_sum{method="GET",route="/a"} 20.5045',
        't_seconds_count{method="GET",route="/a"} 5',
        't_seconds_bucket{method="POST",route="/b",le="0.001"} 0',
        't_seconds_bucket{method="POST",route="/b",le="0.01"} 0',
        't_seconds_bucket{method="POST",route="/b",le="1"} 1',
        't_seconds_bucket{method="POST",route="/b",le="+Inf"} 1',
        't_seconds_sum{method="POST",route="/b"} 0.25',
        't_seconds_count{method="POST",route="/b"} 1',
        '',
      ].join('\n'),
    );
  });
});

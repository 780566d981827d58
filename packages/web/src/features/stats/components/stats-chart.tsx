// One bar chart drawn by Chart.js on a canvas. Only the parts used are registered, and this file is reached only from
// the admin stats page's lazy part, so the library never weighs on other pages. The canvas is an image whose label
// points to the table holding the same figures (the chart's accessible alternative).
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * A product's name beside its bar, shortened to fit: Chart.js neither wraps nor clips these labels, so a long name took
 * most of a phone's width. At most two fifths of the chart's width, at about 7 px a character (12 characters at least);
 * the whole name is in the tooltip and the table.
 */
export function shortLabel(label: string, chartWidth: number): string {
  const max = Math.max(12, Math.floor((chartWidth * 0.4) / 7));
  return [...label].length <= max
    ? label
    : `${[...label]
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export interface StatsChartProps {
  labels: string[];
  values: number[];
  /** What the bars are, for the tooltip. */
  seriesLabel: string;
  /** The canvas's accessible name: what it shows and where the table is. */
  label: string;
  /** Bars across (products) rather than up (days). */
  horizontal?: boolean;
  format: (value: number) => string;
}

export function StatsChart({ labels, values, seriesLabel, label, horizontal = false, format }: StatsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const valueAxis = { beginAtZero: true, ticks: { callback: (value: string | number) => format(Number(value)) } };
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets: [{ label: seriesLabel, data: values, backgroundColor: '#1d4ed8' }] },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: horizontal
          ? {
              x: valueAxis,
              y: {
                ticks: {
                  callback(value) {
                    return shortLabel(this.getLabelForValue(Number(value)), this.chart.width);
                  },
                },
              },
            }
          : { y: valueAxis },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) => `${seriesLabel}: ${format((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, seriesLabel, horizontal, format]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

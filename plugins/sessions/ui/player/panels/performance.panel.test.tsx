// @vitest-environment happy-dom
import type { Options, PointerEventObject } from 'highcharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, click } from '@cassette/plugin-sdk/testing/ui';
import { PerformancePanel } from './performance.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

// Highcharts needs layout happy-dom does not do: the stand-in keeps the options the panel hands over.
const rendered = vi.hoisted(() => new Map<string, Options>());
vi.mock('highcharts-react-official', () => ({
  HighchartsReact: ({ options }: { options: Options }) => {
    rendered.set(String(options.title?.text), options);
    return <div className="chart-stand-in" />;
  },
}));

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
  rendered.clear();
});

const plotLineAt = (title: string) => (rendered.get(title)!.xAxis as { plotLines: Array<{ value: number }> }).plotLines[0]!.value;

describe('Performance panel', () => {
  it('charts CPU, memory in MB and FPS from the samples', () => {
    panel = renderPanel(PerformancePanel);
    expect(allByTestId(panel.container, 'performance-chart-cpu')).toHaveLength(1);
    expect(allByTestId(panel.container, 'performance-chart-memory')).toHaveLength(1);
    expect(allByTestId(panel.container, 'performance-chart-fps')).toHaveLength(1);
    expect((rendered.get('Memory')!.series![0] as { data: unknown }).data).toEqual([[0, 30], [10_000, 40], [30_000, 50]]);
    expect((rendered.get('CPU')!.series![0] as { data: unknown }).data).toEqual([[0, 35], [10_000, 62], [30_000, 91]]);
  });

  it('moves the current-time line with the player', () => {
    panel = renderPanel(PerformancePanel, { currentTime: 5_000 });
    expect(plotLineAt('FPS')).toBe(5_000);
    panel.setTime(25_000);
    expect(plotLineAt('FPS')).toBe(25_000);
    expect(plotLineAt('CPU')).toBe(25_000);
  });

  it('seeks where the chart is clicked', () => {
    panel = renderPanel(PerformancePanel);
    rendered.get('CPU')!.chart!.events!.click!.call({} as never, { xAxis: [{ value: 18_000 }] } as unknown as PointerEventObject);
    expect(panel.seek).toHaveBeenCalledWith(18_000);
  });

  it('lists the page-load timings of each page, seeking from the time', async () => {
    panel = renderPanel(PerformancePanel);
    const timings = allByTestId(panel.container, 'performance-timing-row');
    expect(timings).toHaveLength(2);
    expect([...timings[1]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '00:12',
      'https://shop.test/products/espresso-machine',
      '240 ms',
      '1.12 s',
      '2.35 s',
      '480 ms',
      '1.96 s',
    ]);
    await click(timings[1]!.querySelector('button')!);
    expect(panel.seek).toHaveBeenCalledWith(12_900);
  });

  it('shows only the charts that have samples', () => {
    const session = sessionFixture();
    panel = renderPanel(PerformancePanel, { session: { ...session, performance: session.performance.map((s) => ({ ...s, fps: null })) } });
    expect(allByTestId(panel.container, 'performance-chart-fps')).toHaveLength(0);
    expect(allByTestId(panel.container, 'performance-chart-cpu')).toHaveLength(1);
  });

  it("shows 'No data available.' without samples or page timings", () => {
    panel = renderPanel(PerformancePanel, { session: sessionFixture({ performance: [], events: [] }) });
    expect(panel.container.querySelector('[data-testid="panel-performance"]')!.textContent).toContain('No data available.');
    expect(rendered.size).toBe(0);
  });
});

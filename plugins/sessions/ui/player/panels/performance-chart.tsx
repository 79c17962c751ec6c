import Highcharts from 'highcharts';
import { HighchartsReact } from 'highcharts-react-official';
import type { Options } from 'highcharts';

/** Thin on purpose: what the chart shows lives in performance-chart-options.ts. */
export function PerformanceChart({ options, testId }: { options: Options; testId: string }) {
  return (
    <div className="cs-performance__chart" data-testid={testId}>
      <HighchartsReact highcharts={Highcharts} options={options} updateArgs={[true, true, false]} />
    </div>
  );
}

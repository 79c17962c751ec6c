import Highcharts from 'highcharts';
import { HighchartsReact } from 'highcharts-react-official';
import type { Options } from 'highcharts';

/** Thin on purpose: what a chart shows lives in chart-options.ts. */
export function Chart({ options, testId, className }: { options: Options; testId: string; className?: string }) {
  return (
    <div className={className} data-testid={testId}>
      <HighchartsReact highcharts={Highcharts} options={options} />
    </div>
  );
}

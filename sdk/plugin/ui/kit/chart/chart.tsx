import Highcharts, { type Options } from 'highcharts';
// The named export: the default export breaks under Vite 8.
import { HighchartsReact } from 'highcharts-react-official';
import { useMemo } from 'react';
import { kitChartOptions, type TimeAxis } from './chart-options.js';

export interface ChartProps {
  options: Options;
  /** A time chart's period: its x axis gets the spec's labels in this timezone. */
  timeAxis?: TimeAxis;
  testId?: string;
  className?: string;
  /** Highcharts' update arguments (redraw, oneToOne, animation); e.g. [true, true, false] to replace series. */
  updateArgs?: [boolean] | [boolean, boolean] | [boolean, boolean, boolean];
}

/** A Highcharts chart with the kit's rules (`kitChartOptions`). What it shows belongs in the caller's options. */
export function Chart({ options, timeAxis, testId, className, updateArgs }: ChartProps) {
  const merged = useMemo(() => kitChartOptions(options, timeAxis), [options, timeAxis?.timezone, timeAxis?.startDate, timeAxis?.endDate]);
  return (
    <div className={['cs-chart', className].filter(Boolean).join(' ')} data-testid={testId}>
      <HighchartsReact highcharts={Highcharts} options={merged} updateArgs={updateArgs} />
    </div>
  );
}

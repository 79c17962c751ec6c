import { useMemo } from 'react';
import { Chart } from '@cassette/plugin-sdk/ui';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelStage } from '../../shared/funnel.js';
import { funnelChartOptions } from './funnel-chart-options.js';

export interface FunnelChartProps {
  stages: readonly FunnelStage[];
  span: StageSpan | null;
  picked: readonly number[];
  onPickStage(stage: number): void;
}

/** The stages as columns (sessions and drop-off); clicking one picks its stage. */
export function FunnelChart({ stages, span, picked, onPickStage }: FunnelChartProps) {
  const pickable = stages.length > 2;
  const options = useMemo(() => funnelChartOptions(stages, { span, picked }, pickable ? onPickStage : undefined), [stages, span, picked, pickable, onPickStage]);
  return <Chart testId="funnel-chart" className="cs-funnel-chart" options={options} updateArgs={[true, true, false]} />;
}

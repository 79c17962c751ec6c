import type { Options, PointOptionsObject } from 'highcharts';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelStage } from '../../shared/funnel.js';

const SESSIONS = '#4f46e5';
const SESSIONS_OUTSIDE_SPAN = '#c7d2fe';
const DROPPED = '#fecdca';

export interface FunnelChartSelection {
  span: StageSpan | null;
  picked: readonly number[];
}

const inSpan = (stage: number, span: StageSpan | null) => span === null || (stage >= span.firstStage && stage <= span.lastStage);

/**
 * The stages as columns: the sessions that reached each one, with the sessions lost since the
 * previous one stacked on top, so each column stands as tall as the one before it. Stages
 * outside the span are paler; a click on a column picks its stage.
 */
export function funnelChartOptions(stages: readonly FunnelStage[], { span, picked }: FunnelChartSelection, onPickStage?: (stage: number) => void): Options {
  const sessions: PointOptionsObject[] = stages.map((s, i) => ({
    y: s.sessionsCount,
    color: inSpan(i + 1, span) ? SESSIONS : SESSIONS_OUTSIDE_SPAN,
    borderWidth: picked.includes(i + 1) ? 2 : 0,
    borderColor: '#101828',
  }));
  return {
    chart: { type: 'column', height: 260, spacing: [12, 8, 8, 8] },
    title: { text: undefined },
    legend: { enabled: true, align: 'right', verticalAlign: 'top' },
    xAxis: { categories: stages.map((s) => s.label), crosshair: false },
    yAxis: { min: 0, allowDecimals: false, title: { text: 'Sessions' } },
    tooltip: {
      formatter() {
        return stageTooltip(stages[this.index]);
      },
    },
    plotOptions: {
      column: { stacking: 'normal', borderWidth: 0, pointPadding: 0.05, groupPadding: 0.12 },
      series: onPickStage ? { cursor: 'pointer', point: { events: { click: (event) => onPickStage((event.point?.index ?? 0) + 1) } } } : {},
    },
    // The first series stacks on top.
    series: [
      { type: 'column', name: 'Dropped', color: DROPPED, data: stages.map((s) => s.dropCount) },
      { type: 'column', name: 'Sessions', color: SESSIONS, data: sessions },
    ],
  };
}

/** What hovering a column says about its stage. */
export function stageTooltip(stage: FunnelStage | undefined): string | false {
  if (!stage) return false;
  const lines = [`<b>${escapeHtml(stage.label)}</b>: ${escapeHtml(stage.header)}`, `${stage.sessionsCount} sessions, ${stage.usersCount} users`];
  if (stage.dropCount > 0) lines.push(`${stage.dropCount} dropped (${stage.dropPercentage} %) since the previous step`);
  return lines.join('<br/>');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

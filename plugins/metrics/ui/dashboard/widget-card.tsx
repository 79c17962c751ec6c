import { useRef, useState, type HTMLAttributes } from 'react';
import { Button, Loader, Slot, Tooltip, useDismiss } from '@cassette/plugin-sdk/ui';
import { CatalogueView } from '../charts/catalogue-view.js';
import { MetricChartView } from '../charts/metric-chart-view.js';
import { OVERVIEW_WIDGET_HEIGHT, PREDEFINED_EDIT_REFUSAL, REMOVE_FROM_VIEW, WIDGET_HEIGHT } from '../constants.js';
import { metricsSlots } from '../../api.js';
import type { MetricChart, Widget } from '../wire.js';
import { colSpanOf } from './dashboard-order.js';
import { useWidgetChart } from './use-widget-chart.js';
import type { ChartPeriod } from './widget-chart.machine.js';

export interface WidgetCardProps {
  projectId: number;
  widget: Widget;
  period: ChartPeriod;
  compare: ChartPeriod | null;
  timezone: string;
  onOpen(widget: Widget): void;
  onRemove(widget: Widget): void;
  /** The drag handle's listeners and attributes (dnd-kit). */
  handleProps?: HTMLAttributes<HTMLElement>;
  revision?: number;
  /** The member's appearance hides this widget and they chose to see it anyway. */
  hiddenByAppearance?: boolean;
}

/** A dashboard widget: name, menu (Edit / 'Remove from view'), the 'Set Alert' slot, and its chart (main and compare periods loading apart). */
export function WidgetCard({ projectId, widget, period, compare, timezone, onOpen, onRemove, handleProps, revision = 0, hiddenByAppearance = false }: WidgetCardProps) {
  const predefined = widget.metricType === 'predefined';
  const overview = widget.viewType === 'overview';
  const height = overview ? OVERVIEW_WIDGET_HEIGHT : WIDGET_HEIGHT;
  const chart = useWidgetChart(projectId, widget, period, compare, revision);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  useDismiss(menuRef, menuOpen, () => setMenuOpen(false));
  const small = colSpanOf(widget) <= 1;

  return (
    <article className="cs-widget-card" data-testid="widget-card" data-widget-id={widget.widgetId}>
      <header className="cs-widget-card__header">
        <span className="cs-widget-card__handle" aria-label={`Move ${widget.name}`} role="button" tabIndex={0} {...handleProps}>
          ⠿
        </span>
        <button type="button" className="cs-widget-card__name" data-field="name" disabled={predefined} onClick={() => !predefined && onOpen(widget)} title={widget.name}>
          {widget.name}
        </button>
        {hiddenByAppearance && (
          <span className="cs-badge cs-widget-card__hidden" data-testid="hidden-by-appearance" title="Your appearance settings hide this widget">
            Hidden by your appearance
          </span>
        )}
        {(chart.mainLoading || chart.compareLoading) && <span className="cs-muted cs-widget-card__loading" aria-label="Loading" data-testid="widget-loading">…</span>}
        <Slot slot={metricsSlots.widgetAlert} props={{ projectId, widget }} />
        <div className="cs-widget-card__menu" ref={menuRef}>
          <button type="button" className="cs-icon-btn" aria-label="Widget menu" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
            ⋯
          </button>
          {menuOpen && (
            <div className="cs-dropdown cs-widget-card__dropdown" role="menu">
              {predefined ? (
                <Tooltip content={PREDEFINED_EDIT_REFUSAL}>
                  <button type="button" role="menuitem" className="cs-dropdown__item" disabled aria-disabled="true" title={PREDEFINED_EDIT_REFUSAL}>
                    Edit
                  </button>
                </Tooltip>
              ) : (
                <button type="button" role="menuitem" className="cs-dropdown__item" onClick={() => (setMenuOpen(false), onOpen(widget))}>
                  Edit
                </button>
              )}
              <button type="button" role="menuitem" className="cs-dropdown__item" onClick={() => (setMenuOpen(false), onRemove(widget))}>
                {REMOVE_FROM_VIEW}
              </button>
            </div>
          )}
        </div>
      </header>
      <div className={['cs-widget-card__body', predefined ? '' : 'is-clickable'].filter(Boolean).join(' ')} style={{ minHeight: height }} onClick={() => !predefined && onOpen(widget)}>
        {chart.mainFailure ? (
          <div className="cs-widget-card__failure" role="alert">
            <span>{chart.mainFailure}</span>
            <Button size="small" variant="secondary" onClick={chart.retry}>
              Retry
            </Button>
          </div>
        ) : chart.main === null ? (
          <Loader label="Loading chart" />
        ) : predefined ? (
          <CatalogueView answer={chart.main} height={height} timeAxis={{ timezone, startDate: period.startTimestamp, endDate: period.endTimestamp }} />
        ) : (
          <MetricChartView viewType={widget.viewType} chart={chart.main as MetricChart} compared={(chart.compared as MetricChart | null) ?? null} height={height} compact small={small} />
        )}
        {chart.compareFailure && <p className="cs-muted" role="alert">{`Compare period: ${chart.compareFailure}`}</p>}
      </div>
    </article>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Button, Loader, Modal, NoContent, resolveAppearance, useApi, useHost } from '@cassette/plugin-sdk/ui';
import { APPEARANCE_WIDGETS, appearanceShows } from '../../shared/appearance-widgets.js';
import { metricsRoutes } from '../paths.js';
import type { MetricsPage, MetricTemplatesAnswer } from '../wire.js';

export type AddedWidget = { metricId: number } | { predefinedKey: string };

export interface AddMetricDialogProps {
  projectId: number;
  /** Metrics already on the dashboard: shown as added. */
  placedMetricIds: readonly number[];
  onAdd(widget: AddedWidget): void;
  onCreate(): void;
  onClose(): void;
}

type Tab = 'existing' | 'catalogue';

/** "Add metric": a saved metric, a new one (the metric page), or a widget of the catalogue by category. */
export function AddMetricDialog({ projectId, placedMetricIds, onAdd, onCreate, onClose }: AddMetricDialogProps) {
  const api = useApi();
  const { account } = useHost();
  const appearance = useMemo(() => resolveAppearance(account.appearance, APPEARANCE_WIDGETS), [account.appearance]);
  const [tab, setTab] = useState<Tab>('existing');
  const [metrics, setMetrics] = useState<MetricsPage | null>(null);
  const [templates, setTemplates] = useState<MetricTemplatesAnswer | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const load = tab === 'existing' ? api.get<MetricsPage>(`${metricsRoutes.metrics(projectId)}?page=1&limit=100`).then((a) => live && setMetrics(a)) : api.get<MetricTemplatesAnswer>(metricsRoutes.templates(projectId)).then((a) => live && setTemplates(a));
    load.catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, projectId, tab]);

  return (
    <Modal title="Add Metric" onClose={onClose} size="large">
      <div className="cs-add-metric__tabs" role="tablist">
        <Button variant={tab === 'existing' ? 'primary' : 'ghost'} size="small" role="tab" aria-selected={tab === 'existing'} onClick={() => setTab('existing')}>
          Metrics
        </Button>
        <Button variant={tab === 'catalogue' ? 'primary' : 'ghost'} size="small" role="tab" aria-selected={tab === 'catalogue'} onClick={() => setTab('catalogue')}>
          Catalogue
        </Button>
        <Button variant="secondary" size="small" onClick={onCreate}>
          Create New Metric
        </Button>
      </div>
      {failed && <p role="alert">The list could not be loaded.</p>}
      {tab === 'existing' &&
        !failed &&
        (metrics === null ? (
          <Loader label="Loading metrics" />
        ) : metrics.metrics.length === 0 ? (
          <NoContent size="small" subtext="Create a metric to place it here." />
        ) : (
          <ul className="cs-add-metric__list" data-testid="existing-metrics">
            {metrics.metrics.map((m) => (
              <li key={m.metricId} className="cs-add-metric__item">
                <span>{m.name}</span>
                <span className="cs-muted">{m.metricType}</span>
                <Button size="small" variant="secondary" disabled={placedMetricIds.includes(m.metricId)} onClick={() => onAdd({ metricId: m.metricId })} aria-label={`Add ${m.name}`}>
                  {placedMetricIds.includes(m.metricId) ? 'Added' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      {tab === 'catalogue' &&
        !failed &&
        (templates === null ? (
          <Loader label="Loading the catalogue" />
        ) : (
          <div data-testid="catalogue">
            {templates.map((category) => (
              <section key={category.category} className="cs-add-metric__category">
                <h3>{category.name}</h3>
                <p className="cs-muted">{category.description}</p>
                <ul className="cs-add-metric__list">
                  {category.widgets.map((w) => (
                    <li key={w.key} className="cs-add-metric__item">
                      <span title={w.description}>{w.name}</span>
                      {!appearanceShows(appearance, w.key) && (
                        <span className="cs-muted" data-testid="hidden-by-appearance">
                          Hidden by your appearance
                        </span>
                      )}
                      <Button size="small" variant="secondary" onClick={() => onAdd({ predefinedKey: w.key })} aria-label={`Add ${w.name}`}>
                        Add
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ))}
    </Modal>
  );
}

import { useMemo, useState } from 'react';
import { Checkbox, formatBytes, formatMilliseconds, NoContent } from '@cassette/plugin-sdk/ui';
import type { SessionResource } from '../../../shared/session.js';
import type { PanelProps } from './panel-types.js';
import { byTime } from './current-item.js';
import { NetworkDetails } from './network-details.js';
import { waterfallBar, waterfallRange } from './network-waterfall.js';
import { FilterTabs, PanelToolbar, SearchField, SeekTime } from './panel-controls.js';
import { filterResources, RESOURCE_FILTERS, resourceTypeLabel, type ResourceFilter } from './resource-filter.js';
import { resourceSeverity } from './resource-severity.js';

/** Spec part 2 §8. */
export const NO_RESOURCES_MISSING_TEXT = 'No resources missing.';

export function NetworkPanel({ session, seek }: PanelProps) {
  const [filter, setFilter] = useState<ResourceFilter>('all');
  const [query, setQuery] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const source = missingOnly ? session.missedResources : session.resources;
  const sorted = useMemo(() => byTime(source), [source]);
  const shown = useMemo(() => filterResources(sorted, filter, query), [sorted, filter, query]);
  const range = useMemo(() => waterfallRange(shown), [shown]);
  const selected = shown.find((resource) => resource.key === selectedKey) ?? null;

  const open = (resource: SessionResource) => {
    setSelectedKey(resource.key);
    seek(resource.time);
  };

  const emptyText = missingOnly && session.missedResources.length === 0 ? NO_RESOURCES_MISSING_TEXT : undefined;

  return (
    <div className="cs-panel cs-network" data-testid="panel-network">
      <div className="cs-network__main">
        <PanelToolbar>
          <FilterTabs<ResourceFilter> label="Resource type" options={RESOURCE_FILTERS} value={filter} onChange={setFilter} />
          <SearchField label="Filter by URL" value={query} onChange={setQuery} />
          <Checkbox toggle label="Missing resources" checked={missingOnly} onChange={(event) => setMissingOnly(event.target.checked)} />
        </PanelToolbar>
        <div className="cs-panel__body">
          {shown.length === 0 || !range ? (
            <NoContent size="small" title={emptyText} />
          ) : (
            <table className="cs-network-table">
              <thead>
                <tr>
                  <th>Time</th>
                  <th>Name</th>
                  <th>Type</th>
                  <th>Method</th>
                  <th>Status</th>
                  <th>Size</th>
                  <th>Duration</th>
                  <th>Waterfall</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((resource) => {
                  const severity = resourceSeverity(resource);
                  const bar = waterfallBar(resource, range);
                  return (
                    <tr
                      key={resource.key}
                      data-testid="network-row"
                      data-severity={severity ?? undefined}
                      aria-selected={resource.key === selectedKey}
                      className={['cs-network-row', severity ? `cs-network-row--${severity}` : '', resource.key === selectedKey ? 'cs-network-row--selected' : ''].filter(Boolean).join(' ')}
                      tabIndex={0}
                      onClick={() => open(resource)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) open(resource);
                      }}
                    >
                      <td>
                        <SeekTime time={resource.time} seek={seek} />
                      </td>
                      <td className="cs-network-row__resource" title={resource.url}>
                        <span className="cs-network-row__name">{resource.name || resource.url}</span>
                        <span className="cs-network-row__url">{resource.url}</span>
                      </td>
                      <td>{resourceTypeLabel(resource.type)}</td>
                      <td>{resource.method ?? '—'}</td>
                      <td>{resource.status === null ? '—' : resource.status}</td>
                      <td>{formatBytes(resource.encodedBodySize ?? resource.decodedBodySize)}</td>
                      <td>{formatMilliseconds(resource.duration)}</td>
                      <td>
                        <div className="cs-waterfall" aria-hidden="true">
                          <div className="cs-waterfall__bar" style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      </div>
      {selected && <NetworkDetails resource={selected} seek={seek} onClose={() => setSelectedKey(null)} />}
    </div>
  );
}

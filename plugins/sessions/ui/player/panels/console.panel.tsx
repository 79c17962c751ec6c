import { useMemo, useState } from 'react';
import { formatElapsed, NoContent } from '@cassette/plugin-sdk/ui';
import type { PanelProps } from './panel-types.js';
import { byTime, currentItemIndex } from './current-item.js';
import { filterLogs, LOG_FILTERS, logSeverity, type LogFilter } from './log-levels.js';
import { useFollowCurrentRow } from './follow-current-row.js';
import { activatable, FilterTabs, PanelToolbar, playbackClasses, SearchField } from './panel-controls.js';

export function ConsolePanel({ session, currentTime, seek }: PanelProps) {
  const [filter, setFilter] = useState<LogFilter>('all');
  const [query, setQuery] = useState('');
  const logs = useMemo(() => byTime(session.logs), [session.logs]);
  const shown = useMemo(() => filterLogs(logs, filter, query), [logs, filter, query]);
  const current = currentItemIndex(shown, currentTime);
  const follow = useFollowCurrentRow<HTMLDivElement>(current);

  return (
    <div className="cs-panel cs-console" data-testid="panel-console">
      <PanelToolbar>
        <FilterTabs<LogFilter> label="Log level" options={LOG_FILTERS} value={filter} onChange={setFilter} />
        <SearchField label="Filter logs" value={query} onChange={setQuery} />
      </PanelToolbar>
      <div className="cs-panel__body" {...follow}>
        {shown.length === 0 ? (
          <NoContent size="small" />
        ) : (
          <ul className="cs-panel__list">
            {shown.map((log, index) => {
              const severity = logSeverity(log.level);
              return (
                <li
                  key={`${log.timestamp}:${index}`}
                  data-testid="console-row"
                  data-level={severity}
                  aria-current={index === current ? 'true' : undefined}
                  className={['cs-panel-row', 'cs-log', `cs-log--${severity}`, ...playbackClasses(index, current)].join(' ')}
                  {...activatable(() => seek(log.time))}
                >
                  <span className="cs-panel__time">{formatElapsed(log.time, { padMinutes: true })}</span>
                  <span className="cs-log__value">{log.value}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

import { useMemo, useState } from 'react';
import { formatElapsed, NoContent } from '@cassette/plugin-sdk/ui';
import type { PanelProps } from './panel-types.js';
import { byTime, currentItemIndex } from './current-item.js';
import { filterEvents, summarizeEvent } from './event-text.js';
import { useFollowCurrentRow } from './follow-current-row.js';
import { activatable, PanelToolbar, playbackClasses, SearchField } from './panel-controls.js';

export function EventsPanel({ session, currentTime, seek }: PanelProps) {
  const [query, setQuery] = useState('');
  const events = useMemo(() => byTime(session.events), [session.events]);
  const shown = useMemo(() => filterEvents(events, query), [events, query]);
  const current = currentItemIndex(shown, currentTime);
  const follow = useFollowCurrentRow<HTMLDivElement>(current);

  return (
    <div className="cs-panel cs-events" data-testid="panel-events">
      <PanelToolbar>
        <SearchField label="Search events" value={query} onChange={setQuery} />
      </PanelToolbar>
      <div className="cs-panel__body" {...follow}>
        {shown.length === 0 ? (
          <NoContent size="small" />
        ) : (
          <ul className="cs-panel__list">
            {shown.map((event, index) => {
              const summary = summarizeEvent(event);
              return (
                <li
                  key={event.key}
                  data-testid="event-row"
                  data-event-type={event.type}
                  aria-current={index === current ? 'true' : undefined}
                  className={['cs-panel-row', 'cs-event-row', ...playbackClasses(index, current)].join(' ')}
                  {...activatable(() => seek(event.time))}
                >
                  <span className="cs-panel__time">{formatElapsed(event.time, { padMinutes: true })}</span>
                  <span className="cs-event-row__type">{summary.label}</span>
                  <span className="cs-panel__main">
                    <span className="cs-panel__title cs-event-row__title">{summary.title}</span>
                    {summary.detail && <div className="cs-panel__detail cs-event-row__detail">{summary.detail}</div>}
                  </span>
                  {summary.badge && <span className="cs-badge cs-event-row__badge">{summary.badge}</span>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

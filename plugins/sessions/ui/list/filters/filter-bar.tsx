import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, useHost } from '@cassette/plugin-sdk/ui';
import type { SearchFilterItem } from '../../../shared/search.js';
import { EVENTS_ORDERS, type EventsOrder } from '../../../shared/filter-catalogue.js';
import { pickerEntries, type MetadataField, type PickerEntry } from './filter-item.js';
import { FilterPicker } from './filter-picker.js';
import { FilterRow } from './filter-row.js';
import { addEvent, addFilter, clearFilters, editEvent, editFilter, moveEvent, removeEvent, removeFilter, setEventsOrder, setStrict } from './filter-search.js';
import type { FilterDraft } from './use-filter-draft.js';
import './filter-bar.css';

/** How long a filter that was added again stays marked. */
const BLINK_MS = 1600;

const ORDER_LABELS: Record<EventsOrder, string> = { then: 'then', and: 'and', or: 'or' };
const ORDER_HINTS: Record<EventsOrder, string> = {
  then: 'The steps happen in this order',
  and: 'All steps happen, in any order',
  or: 'At least one step happens',
};

export interface FilterBarProps {
  /** The search being edited (useFilterDraft): value edits wait for a pause, the rest goes at once. */
  editing: FilterDraft;
  projectId: number;
  metadata: readonly MetadataField[];
  /** Controls shown at the end of the bar's toolbar (saving searches). */
  actions?: ReactNode;
  /** Raised by the page to draw the eye to the bar (it blinks and scrolls into view); 0 leaves it quiet. */
  attention?: number;
  /** Clear, when the page does it (emptying the steps and attributes and letting go of the saved search they came from, in one change). */
  onClear?(): void;
}

/**
 * The session search's steps and attributes (spec part 1 §3–§4): "Add Step" adds a user event to
 * the sequence, "Add Filter" a session attribute; a key already among the attributes is not
 * added twice, the existing row is pointed at instead. Keys on Developer Tools data are offered
 * only to viewers holding DEV_TOOLS.
 */
export function FilterBar({ editing, projectId, metadata, actions, attention = 0, onClear }: FilterBarProps) {
  const { draft, change } = editing;
  const canUseDevTools = useHost().hasPermission('DEV_TOOLS');
  const [blink, setBlink] = useState<{ index: number; token: number } | null>(null);
  const bar = useRef<HTMLElement>(null);
  const [blinking, setBlinking] = useState(false);

  useEffect(() => {
    if (attention === 0) return;
    setBlinking(true);
    bar.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    const timer = setTimeout(() => setBlinking(false), BLINK_MS);
    return () => clearTimeout(timer);
  }, [attention]);

  useEffect(() => {
    if (blink === null) return;
    const timer = setTimeout(() => setBlink(null), BLINK_MS);
    return () => clearTimeout(timer);
  }, [blink]);

  function pick(entry: PickerEntry) {
    const item = entry.create();
    if (entry.isEvent) return change(addEvent(draft, item));
    const { search: next, existing } = addFilter(draft, item);
    if (existing !== null) setBlink((b) => ({ index: existing, token: (b?.token ?? 0) + 1 }));
    else change(next);
  }

  const { events, filters, eventsOrder, strict } = draft;
  const empty = events.length === 0 && filters.length === 0;
  const row = (item: SearchFilterItem) => ({ item, projectId, metadata });

  return (
    <section
      ref={bar}
      // Two classes with the same keyframes under two names: asking again while it blinks restarts the animation.
      className={['cs-card', 'cs-filter-bar', blinking ? `cs-filter-bar--blink-${attention % 2 === 0 ? 'even' : 'odd'}` : ''].filter(Boolean).join(' ')}
      aria-label="Session search filters"
      data-testid="filter-bar"
      data-blinking={blinking ? 'true' : undefined}
    >
      <div className="cs-filter-bar__section" role="group" aria-label="Steps">
        <div className="cs-filter-bar__heading">
          <h2 className="cs-filter-bar__title">Events</h2>
          {events.length >= 2 && (
            <div className="cs-filter-bar__order">
              <div className="cs-segmented" role="radiogroup" aria-label="Events order">
                {EVENTS_ORDERS.map((order) => (
                  <button
                    key={order}
                    type="button"
                    role="radio"
                    aria-checked={eventsOrder === order}
                    title={ORDER_HINTS[order]}
                    className={['cs-segmented__option', eventsOrder === order ? 'is-active' : ''].filter(Boolean).join(' ')}
                    onClick={() => change(setEventsOrder(draft, order))}
                  >
                    {ORDER_LABELS[order]}
                  </button>
                ))}
              </div>
              {eventsOrder === 'then' && (
                <Checkbox toggle label="Strict" title="Each step is the very next page visit, click, input or custom event" checked={strict} onChange={(e) => change(setStrict(draft, e.target.checked))} />
              )}
            </div>
          )}
        </div>
        {events.length === 0 && <p className="cs-muted cs-filter-bar__empty">Add user events such as a visited URL, a click or {canUseDevTools ? 'a failed request' : 'an error'}.</p>}
        <ol className="cs-filter-bar__rows">
          {events.map((item, i) => (
            <li key={i}>
              {i > 0 && events.length >= 2 && (
                <span className="cs-filter-bar__joiner" aria-hidden="true">
                  {ORDER_LABELS[eventsOrder]}
                </span>
              )}
              <FilterRow
                {...row(item)}
                step={i + 1}
                onChange={(next, debounce) => change(editEvent(draft, i, next), debounce)}
                onRemove={() => change(removeEvent(draft, i))}
                onMoveUp={i > 0 ? () => change(moveEvent(draft, i, i - 1)) : undefined}
                onMoveDown={i < events.length - 1 ? () => change(moveEvent(draft, i, i + 1)) : undefined}
              />
            </li>
          ))}
        </ol>
      </div>
      <div className="cs-filter-bar__section" role="group" aria-label="Attributes">
        <h2 className="cs-filter-bar__title">Filters</h2>
        {filters.length === 0 && <p className="cs-muted cs-filter-bar__empty">Add session attributes such as browser, country, duration or metadata.</p>}
        <ul className="cs-filter-bar__rows">
          {filters.map((item, i) => (
            <li key={i}>
              <FilterRow {...row(item)} blink={blink?.index === i ? blink.token : undefined} onChange={(next, debounce) => change(editFilter(draft, i, next), debounce)} onRemove={() => change(removeFilter(draft, i))} />
            </li>
          ))}
        </ul>
      </div>
      <div className="cs-filter-bar__toolbar">
        <FilterPicker label="Add Step" testId="add-step" entries={pickerEntries('events', metadata, canUseDevTools)} onPick={pick} />
        <FilterPicker label="Add Filter" testId="add-filter" entries={pickerEntries('attributes', metadata, canUseDevTools)} onPick={pick} />
        {!empty && (
          <Button size="small" variant="ghost" onClick={() => (onClear ? onClear() : change(clearFilters(draft)))}>
            Clear
          </Button>
        )}
        <span className="cs-filter-bar__spacer" />
        {actions}
      </div>
    </section>
  );
}

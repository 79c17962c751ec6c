// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionsSlots, type SearchFilterSlotProps, type SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { byTestId, cleanup, click, fakeHost, renderPage, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { EMPTY_SERIES_TEXT, EMPTY_TABLE_SERIES_TEXT } from '../constants.js';
import { SeriesFilterEditor } from './series-filter-editor.js';

afterEach(cleanup);

const P = TEST_PROJECT.id;

// The sessions plugin's fill, played by a stand-in that shows what it is handed and adds a step.
const handed: SearchFilterSlotProps[] = [];
function BarStandIn(props: SearchFilterSlotProps) {
  handed.push(props);
  return (
    <button type="button" data-testid="bar-stand-in" onClick={() => props.onChange({ ...props.filter, events: [...(props.filter.events ?? []), { type: 'CLICK', operator: 'on', value: ['Buy'], isEvent: true }] })}>
      {`${props.filter.events?.length ?? 0} steps`}
    </button>
  );
}
const fills = [fillSlot(sessionsSlots.searchFilter, { id: 'test.bar', component: BarStandIn, order: 1 })];

function render(filter: SessionSearchFilter, table: boolean, withBar = true) {
  const onChange = vi.fn();
  const element = <SeriesFilterEditor projectId={P} filter={filter} table={table} onChange={onChange} />;
  const page = renderPage(withBar ? <UiRegistryContext.Provider value={{ fills }}>{element}</UiRegistryContext.Provider> : element, `/${P}/metrics/create`, '/:siteId/metrics/:metricId', { host: fakeHost() });
  return { container: page.container, onChange };
}

describe("a series' filter editor", () => {
  it("is the session search's filter bar, handed the project and the series' filter, its changes going to the series", async () => {
    handed.length = 0;
    const filter: SessionSearchFilter = { events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }], filters: [] };
    const { container, onChange } = render(filter, false);
    expect(handed.at(-1)).toMatchObject({ projectId: P, filter });
    expect(container.textContent).not.toContain(EMPTY_SERIES_TEXT);
    await click(byTestId(container, 'bar-stand-in'));
    expect(onChange).toHaveBeenCalledWith({ events: [filter.events![0], { type: 'CLICK', operator: 'on', value: ['Buy'], isEvent: true }], filters: [] });
  });

  it("shows the spec's empty-series text above the bar, the table's own for a table", () => {
    expect(render({ events: [], filters: [] }, false).container.textContent).toContain(EMPTY_SERIES_TEXT);
    cleanup();
    expect(render({}, true).container.textContent).toContain(EMPTY_TABLE_SERIES_TEXT);
  });

  it('says why nothing can be edited when the sessions plugin offers no bar', () => {
    const { container } = render({}, false, false);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('The session search is off, so series cannot be filtered here.');
  });
});

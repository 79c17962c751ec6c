// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, cleanup, click, fakeHost, pressKey, renderPage, TEST_PROJECT, typeInto } from '@cassette/plugin-sdk/testing/ui';
import type { SessionSearchFilter } from '../../shared/search.js';
import { FILTER_EDIT_DEBOUNCE_MS } from './filters/use-filter-draft.js';
import { SearchFilterEditor } from './search-filter-editor.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const P = TEST_PROJECT.id;

/** Keeps the filter as a caller (a metric's series) would, and records what it is handed. */
function Keeper({ initial, seen }: { initial: SessionSearchFilter; seen: SessionSearchFilter[] }) {
  const [filter, setFilter] = useState(initial);
  return <SearchFilterEditor projectId={P} filter={filter} onChange={(next) => (seen.push(next), setFilter(next))} />;
}

function open(initial: SessionSearchFilter) {
  const seen: SessionSearchFilter[] = [];
  const host = fakeHost({ routes: { [`GET /${P}/metadata`]: () => [], [`GET /${P}/events/search`]: () => [], [`GET /${P}/sessions/filters/search`]: () => [] } });
  const page = renderPage(<Keeper initial={initial} seen={seen} />, `/${P}/metrics/create`, '/:siteId/metrics/:metricId', { host });
  return { container: page.container, seen };
}

describe("the search filter bar offered to other plugins (sessionsSlots.searchFilter)", () => {
  it("edits another plugin's filter with the search's own bar, keeping the fields it does not edit", async () => {
    vi.useFakeTimers();
    const { container, seen } = open({ events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }], filters: [], rangeValue: 'LAST_7_DAYS' });
    expect(container.querySelector('[data-testid="filter-bar"]')).not.toBeNull();
    expect(container.querySelectorAll('[data-testid="event-step"]')).toHaveLength(1);

    // A second step: the order choice appears, and changing it reaches the caller at once.
    await click(container.querySelector('[data-testid="add-step"]'));
    const search = container.querySelector<HTMLInputElement>('.cs-filter-picker__panel input')!;
    typeInto(search, 'Clic');
    await click([...container.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === 'Click'));
    expect(container.querySelectorAll('[data-testid="event-step"]')).toHaveLength(2);
    expect(seen.at(-1)?.events?.map((e) => e.type)).toEqual(['LOCATION', 'CLICK']);
    await click([...container.querySelectorAll<HTMLElement>('[role="radio"]')].find((o) => o.textContent === 'or'));
    expect(seen.at(-1)).toMatchObject({ eventsOrder: 'or', rangeValue: 'LAST_7_DAYS' });

    // A value typed waits for the bar's pause before it reaches the caller.
    const before = seen.length;
    const input = container.querySelectorAll<HTMLElement>('[data-testid="event-step"]')[1]!.querySelector<HTMLInputElement>('[data-testid="filter-value-input"]')!;
    typeInto(input, 'Buy');
    await pressKey(input, 'Enter');
    await advance(FILTER_EDIT_DEBOUNCE_MS + 10);
    expect(seen.length).toBeGreaterThan(before);
    expect(seen.at(-1)?.events?.[1]?.value).toEqual(['Buy']);
    expect(seen.at(-1)?.rangeValue).toBe('LAST_7_DAYS');
  });
});

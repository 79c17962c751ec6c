// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { fillSlot, UiRegistryContext, type AnySlotFill } from '@cassette/plugin-sdk/ui';
import { cleanup, click, renderPage, settle, TEST_PROJECT, type FakeHost } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type SessionsListSidebarProps } from '../../api.js';
import type { SessionSearchResult } from '../../shared/search.js';
import { listHost, session } from '../../testing/sessions-list.js';
import SessionsListPage from './sessions-list.page.js';

afterEach(cleanup);

let seen: SessionsListSidebarProps | null = null;

/** What a plugin filling the sidebar sees, and the two things it can ask of the page. */
function SidebarProbe(props: SessionsListSidebarProps) {
  seen = props;
  return (
    <div data-testid="probe">
      <button type="button" onClick={() => props.addBlankSteps(['LOCATION', 'LOCATION', 'CLICK'])}>
        add steps
      </button>
      <button type="button" onClick={props.blinkFilters}>
        blink
      </button>
    </div>
  );
}

const probeFill = fillSlot(sessionsSlots.listSidebar, { id: 'test.probe', component: SidebarProbe, order: 10 });

function host(): FakeHost {
  return listHost({ routes: { [`POST /${TEST_PROJECT.id}/sessions/search2`]: (): SessionSearchResult => ({ total: 1, sessions: [session()] }) } });
}

async function open(fills: AnySlotFill[], url = `/${TEST_PROJECT.id}/sessions`) {
  seen = null;
  const page = renderPage(
    <UiRegistryContext.Provider value={{ fills }}>
      <SessionsListPage />
    </UiRegistryContext.Provider>,
    url,
    '*',
    { host: host() },
  );
  await settle();
  return page;
}

const button = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const stepRows = (container: HTMLElement) => container.querySelectorAll('[data-testid="filter-bar"] [aria-label="Steps"] .cs-filter-bar__rows > li');

describe('the sessions list sidebar slot', () => {
  it('has no column when no plugin fills it', async () => {
    const page = await open([]);
    expect(page.container.querySelector('[data-testid="sessions-sidebar"]')).toBeNull();
    expect(page.container.querySelector('.cs-sessions-page--with-sidebar')).toBeNull();
    expect(page.container.querySelector('[data-testid="session-item"]')).not.toBeNull();
  });

  it("hands the fill the project and the search as it runs, complete rows only", async () => {
    const events = JSON.stringify([
      { type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true },
      { type: 'CLICK', operator: 'on', value: [], isEvent: true },
    ]);
    const filters = JSON.stringify([{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false }]);
    const page = await open([probeFill], `/${TEST_PROJECT.id}/sessions?events=${encodeURIComponent(events)}&filters=${encodeURIComponent(filters)}&rangeValue=LAST_30_DAYS`);
    expect(page.container.querySelector('.cs-sessions-page--with-sidebar [data-testid="sessions-sidebar"] [data-testid="probe"]')).not.toBeNull();
    expect(seen!.projectId).toBe(TEST_PROJECT.id);
    expect(seen!.stepsInBar).toBe(2);
    expect(seen!.filter).toEqual({
      events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }],
      filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false }],
      eventsOrder: 'then',
      strict: false,
      rangeValue: 'LAST_30_DAYS',
    });
  });

  it('adds the blank steps a fill asks for to the filter bar and the URL', async () => {
    const page = await open([probeFill]);
    expect(stepRows(page.container)).toHaveLength(0);
    await click(button(page.container, 'add steps'));
    await settle();
    expect(stepRows(page.container)).toHaveLength(3);
    expect(JSON.parse(new URLSearchParams(page.url.search).get('events')!)).toEqual([
      { type: 'LOCATION', operator: 'is', value: [], isEvent: true },
      { type: 'LOCATION', operator: 'is', value: [], isEvent: true },
      { type: 'CLICK', operator: 'on', value: [], isEvent: true },
    ]);
    expect(seen!.stepsInBar).toBe(3);
    expect(seen!.filter.events).toEqual([]);
  });

  it('makes the filter bar blink when a fill asks, again when asked again', async () => {
    const page = await open([probeFill]);
    const bar = () => page.container.querySelector<HTMLElement>('[data-testid="filter-bar"]')!;
    expect(bar().dataset.blinking).toBeUndefined();
    await click(button(page.container, 'blink'));
    expect(bar().dataset.blinking).toBe('true');
    expect(bar().classList.contains('cs-filter-bar--blink-odd')).toBe(true);
    await click(button(page.container, 'blink'));
    expect(bar().classList.contains('cs-filter-bar--blink-even')).toBe(true);
    expect(bar().classList.contains('cs-filter-bar--blink-odd')).toBe(false);
  });
});

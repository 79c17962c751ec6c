// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, answerRoutes, byLabel, chooseOption, cleanup, click, fakeAccount, fakeHost, focus, pressKey, TEST_PROJECT, typeInto, type FakeHost, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { FilterSuggestion, SessionSearchResult } from '../../../shared/search.js';
import { openSessionsList, session } from '../../../testing/sessions-list.js';
import type { SessionSearchBody } from '../use-session-search.js';

const SEARCH = `/${TEST_PROJECT.id}/sessions/search2`;

let host: FakeHost;
let page: RenderedPage<FakeHost>;
let suggestions: Record<string, FilterSuggestion[]>;

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 21, 14, 5) });
  suggestions = {};
  host = fakeHost();
  answerRoutes(host, {
    [`POST ${SEARCH}`]: (): SessionSearchResult => ({ total: 25, sessions: [session({ sessionId: 's-1' })] }),
    [`GET /${TEST_PROJECT.id}/metadata`]: () => [{ index: 1, key: 'plan', label: 'Plan' }],
    [`GET /${TEST_PROJECT.id}/saved_search`]: () => [],
    [`GET /${TEST_PROJECT.id}/sessions/filters/search`]: (path) => suggestions[new URL(path, 'http://x').searchParams.get('q') ?? ''] ?? [],
    [`GET /${TEST_PROJECT.id}/sessions/filters`]: () => ({ USERBROWSER: (suggestions[''] ?? []).map((s) => s.value) }),
    [`GET /${TEST_PROJECT.id}/events/search`]: (path) => suggestions[new URL(path, 'http://x').searchParams.get('q') ?? ''] ?? [],
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const openPage = async (url = `/${TEST_PROJECT.id}/sessions`) => (page = await openSessionsList(host, url)).container;

const searches = () => host.api.post.mock.calls.filter(([path]) => path === SEARCH).map(([, body]) => body as SessionSearchBody);
const lastSearch = () => searches().at(-1)!;
const steps = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[data-testid="event-step"]')];
const attributes = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('[data-testid="filter-attribute"]')];

/** Opens "Add Step" or "Add Filter" and picks a key by its label, typing part of it first. */
async function pick(c: HTMLElement, button: 'add-step' | 'add-filter', label: string) {
  await click(c.querySelector(`[data-testid="${button}"]`));
  const search = c.querySelector<HTMLInputElement>('.cs-filter-picker__panel input')!;
  typeInto(search, label.slice(0, 4));
  const option = [...c.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === label);
  await click(option);
}

async function addValue(row: HTMLElement, value: string) {
  const input = row.querySelector<HTMLInputElement>('[data-testid="filter-value-input"]')!;
  typeInto(input, value);
  await pressKey(input, 'Enter');
}

describe('the session filter bar', () => {
  describe('for a member without Developer Tools', () => {
    /** The options a picker lists, by label. */
    async function offered(c: HTMLElement, button: 'add-step' | 'add-filter'): Promise<string[]> {
      await click(c.querySelector(`[data-testid="${button}"]`));
      const labels = [...c.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.textContent ?? '');
      await pressKey(c.querySelector<HTMLInputElement>('.cs-filter-picker__panel input')!, 'Escape');
      return labels;
    }
    const DEV_TOOLS_STEPS = ['Network Request', 'GraphQL', 'State Action', 'Failed Request'];
    const DEV_TOOLS_FILTERS = ['Avg CPU Load', 'Avg Memory Usage'];

    it('offers no filter on network, GraphQL, state actions, CPU or memory', async () => {
      host.account = fakeAccount({ admin: false, permissions: ['SESSION_REPLAY'] });
      const c = await openPage();
      const stepLabels = await offered(c, 'add-step');
      expect(stepLabels).toEqual(expect.arrayContaining(['Click', 'Visited URL', 'Error Message', 'Time to First Byte']));
      expect(stepLabels.filter((label) => DEV_TOOLS_STEPS.includes(label))).toEqual([]);
      const filterLabels = await offered(c, 'add-filter');
      expect(filterLabels).toEqual(expect.arrayContaining(['User Browser', 'Duration', 'Plan']));
      expect(filterLabels.filter((label) => DEV_TOOLS_FILTERS.includes(label))).toEqual([]);
    });

    it('offers them once the role holds Developer Tools', async () => {
      host.account = fakeAccount({ admin: false, permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
      const c = await openPage();
      expect(await offered(c, 'add-step')).toEqual(expect.arrayContaining(DEV_TOOLS_STEPS));
      expect(await offered(c, 'add-filter')).toEqual(expect.arrayContaining(DEV_TOOLS_FILTERS));
    });
  });

  it('builds steps and attributes and sends search2 exactly what they mean', async () => {
    const c = await openPage();
    await pick(c, 'add-step', 'Visited URL');
    await addValue(steps(c)[0]!, '/demo/product');
    await pick(c, 'add-step', 'Click');
    await addValue(steps(c)[1]!, 'Zoom the picture');
    await pick(c, 'add-step', 'Network Request');
    await chooseOption(byLabel<HTMLSelectElement>(c, 'Add a condition to Network Request')!, 'FETCH_STATUS_CODE');
    const status = steps(c)[2]!.querySelector<HTMLElement>('[data-testid="sub-filter-row"]')!;
    await chooseOption(byLabel<HTMLSelectElement>(status, 'Status Code operator')!, '>=');
    typeInto(byLabel<HTMLInputElement>(status, 'Status Code value')!, '4x00');
    expect(byLabel<HTMLInputElement>(status, 'Status Code value')!.value).toBe('400');

    await pick(c, 'add-filter', 'User Browser');
    await addValue(attributes(c)[0]!, 'Chrome');
    await pick(c, 'add-filter', 'Platform');
    await click(byLabel(c, 'Platform value'));
    await click([...c.querySelectorAll('label')].find((l) => l.textContent === 'Desktop')?.querySelector('input'));
    await pick(c, 'add-filter', 'Duration');
    typeInto(byLabel<HTMLInputElement>(c, 'Duration minimum minutes')!, '2');
    await pick(c, 'add-filter', 'Plan');
    await addValue(attributes(c)[3]!, 'pro');
    await advance(500);

    const body = lastSearch();
    expect(body).toMatchObject({ page: 1, limit: 10, eventsOrder: 'then', rangeValue: 'LAST_7_DAYS' });
    expect(body.events).toEqual([
      { type: 'LOCATION', operator: 'is', value: ['/demo/product'], isEvent: true },
      { type: 'CLICK', operator: 'on', value: ['Zoom the picture'], isEvent: true },
      { type: 'FETCH', operator: 'isAny', value: [], isEvent: true, filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: [400], isEvent: true }] },
    ]);
    expect(body.filters).toEqual([
      { type: 'USERBROWSER', operator: 'is', value: ['Chrome'], isEvent: false },
      { type: 'PLATFORM', operator: 'is', value: ['desktop'], isEvent: false },
      { type: 'DURATION', operator: 'is', value: [120_000, null], isEvent: false },
      { type: 'METADATA', operator: 'is', value: ['pro'], isEvent: false, source: ['plan'] },
    ]);
    expect(steps(c).map((s) => s.querySelector('.cs-filter-row__step')?.textContent)).toEqual(['1', '2', '3']);
  });

  it('sends value edits 500 ms after the last one, and any change of the filters goes back to page 1', async () => {
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?page=3`);
    expect(lastSearch().page).toBe(3);
    await pick(c, 'add-filter', 'User OS');
    expect(lastSearch()).toMatchObject({ page: 1, filters: [] });
    expect(page.url.search).not.toContain('page=');
    const count = searches().length;
    await addValue(attributes(c)[0]!, 'macOS');
    await advance(300);
    await addValue(attributes(c)[0]!, 'iOS');
    await advance(499);
    expect(searches()).toHaveLength(count);
    await advance(1);
    expect(searches()).toHaveLength(count + 1);
    expect(lastSearch().filters).toEqual([{ type: 'USEROS', operator: 'is', value: ['macOS', 'iOS'], isEvent: false }]);
    // Removing a chip is an edit too; an operator change goes at once.
    await click(byLabel(c, 'Remove macOS'));
    await chooseOption(byLabel<HTMLSelectElement>(c, 'User OS operator')!, 'isNot');
    expect(searches()).toHaveLength(count + 2);
    expect(lastSearch().filters).toEqual([{ type: 'USEROS', operator: 'isNot', value: ['iOS'], isEvent: false }]);
  });

  it('moves and removes steps, and offers the order (then / and / or) and strict from two steps', async () => {
    const c = await openPage();
    await pick(c, 'add-step', 'Click');
    await addValue(steps(c)[0]!, 'Buy');
    expect(byLabel(c, 'Events order')).toBeNull();
    await pick(c, 'add-step', 'Visited URL');
    await addValue(steps(c)[1]!, '/cart');
    await advance(500);
    expect(lastSearch().events.map((e) => e.type)).toEqual(['CLICK', 'LOCATION']);
    expect(byLabel(c, 'Move step 1 up')).toBeNull();

    await click(byLabel(c, 'Move step 2 up'));
    expect(lastSearch().events.map((e) => e.value)).toEqual([['/cart'], ['Buy']]);
    await click(byLabel(c, 'Move step 1 down'));
    expect(lastSearch().events.map((e) => e.value)).toEqual([['Buy'], ['/cart']]);

    const order = byLabel(c, 'Events order')!;
    expect([...order.querySelectorAll('[role="radio"]')].map((r) => r.textContent)).toEqual(['then', 'and', 'or']);
    await click([...c.querySelectorAll<HTMLInputElement>('input[role="switch"]')].find((i) => i.labels?.[0]?.textContent === 'Strict'));
    expect(lastSearch()).toMatchObject({ eventsOrder: 'then', strict: true });
    await click([...order.querySelectorAll('[role="radio"]')].find((r) => r.textContent === 'or'));
    expect(lastSearch().eventsOrder).toBe('or');
    expect(lastSearch().strict).toBeUndefined();

    await click(byLabel(c, 'Remove step 1 (Click)'));
    expect(lastSearch().events).toEqual([{ type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true }]);
    expect(byLabel(c, 'Events order')).toBeNull();
  });

  it('does not add an attribute twice: the row already there is pointed at', async () => {
    const c = await openPage();
    await pick(c, 'add-filter', 'User OS');
    await addValue(attributes(c)[0]!, 'Windows');
    await pick(c, 'add-filter', 'User Country');
    await pick(c, 'add-filter', 'User OS');
    expect(attributes(c).map((a) => a.dataset.filterType)).toEqual(['USEROS', 'USERCOUNTRY']);
    expect(attributes(c)[0]!.dataset.blink).toBe('true');
    expect(document.activeElement).toBe(attributes(c)[0]!.querySelector('[data-testid="filter-value-input"]'));
    await advance(2000);
    expect(attributes(c)[0]!.dataset.blink).toBeUndefined();
    // Event keys are steps: the same one twice is a sequence.
    await pick(c, 'add-step', 'Click');
    await pick(c, 'add-step', 'Click');
    expect(steps(c)).toHaveLength(2);
  });

  it('clears all steps and attributes with Clear', async () => {
    const c = await openPage();
    await pick(c, 'add-step', 'Click');
    await addValue(steps(c)[0]!, 'Buy');
    await pick(c, 'add-filter', 'User OS');
    await addValue(attributes(c)[0]!, 'Linux');
    await click([...c.querySelectorAll('button')].find((b) => b.textContent === 'Clear'));
    expect(steps(c)).toHaveLength(0);
    expect(attributes(c)).toHaveLength(0);
    expect(lastSearch()).toMatchObject({ events: [], filters: [] });
    expect(page.url.search).toBe('');
  });

  it('leaves out rows still missing a value, keeps operators that need none, and keeps a 0 lower duration in ms', async () => {
    const events = [
      { type: 'CLICK', operator: 'on', value: [], isEvent: true },
      { type: 'FETCH_FAILED', operator: 'isAny', value: [], isEvent: true },
    ];
    const filters = [
      { type: 'USERID', operator: 'is', value: [], isEvent: false },
      { type: 'USERANONYMOUSID', operator: 'hasNoValue', value: [], isEvent: false },
      { type: 'DURATION', operator: 'is', value: [0, 600_000], isEvent: false },
    ];
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?events=${encodeURIComponent(JSON.stringify(events))}&filters=${encodeURIComponent(JSON.stringify(filters))}`);
    expect(steps(c)).toHaveLength(2);
    expect(attributes(c)).toHaveLength(3);
    expect(lastSearch().events).toEqual([{ type: 'FETCH_FAILED', operator: 'isAny', value: [], isEvent: true }]);
    expect(lastSearch().filters).toEqual([
      { type: 'USERANONYMOUSID', operator: 'hasNoValue', value: [], isEvent: false },
      { type: 'DURATION', operator: 'is', value: [0, 600_000], isEvent: false },
    ]);
    const min = byLabel<HTMLInputElement>(c, 'Duration minimum minutes')!;
    const max = byLabel<HTMLInputElement>(c, 'Duration maximum minutes')!;
    expect([min.value, max.value]).toEqual(['0', '10']);
    typeInto(max, '15');
    await advance(500);
    expect(lastSearch().filters.at(-1)!.value).toEqual([0, 900_000]);
  });

  it('takes fractions of a minute, and a bound changed to 0 is searched as 0, not left at its old value', async () => {
    const filters = [{ type: 'DURATION', operator: 'is', value: [60_000, null], isEvent: false }];
    const c = await openPage(`/${TEST_PROJECT.id}/sessions?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    const min = byLabel<HTMLInputElement>(c, 'Duration minimum minutes')!;
    const max = byLabel<HTMLInputElement>(c, 'Duration maximum minutes')!;
    expect(min.value).toBe('1');
    typeInto(min, '0.5');
    await advance(500);
    expect(lastSearch().filters.at(-1)!.value).toEqual([30_000, null]);
    typeInto(max, '2.25');
    await advance(500);
    expect(lastSearch().filters.at(-1)!.value).toEqual([30_000, 135_000]);
    typeInto(min, '0');
    await advance(500);
    expect(lastSearch().filters.at(-1)!.value).toEqual([0, 135_000]);
    expect(min.value).toBe('0');
  });

  it("lists the issue filter's options with part 2 §9's labels, Custom included", async () => {
    const c = await openPage();
    await pick(c, 'add-filter', 'Issue');
    await click(byLabel(attributes(c)[0]!, 'Issue value'));
    const labels = [...attributes(c)[0]!.querySelectorAll('.cs-filter-options__option')].map((o) => o.textContent);
    expect(labels).toEqual(['Click Rage', 'Dead Click', 'Excessive Scrolling', 'Bad Request', 'Missing Resource', 'Memory', 'CPU', 'Slow Resource', 'Slow Page Load', 'Crash', 'Custom', 'Error']);
  });

  it('suggests values 1000 ms after typing stops, and says when there are none', async () => {
    suggestions = { '': [{ type: 'USERBROWSER', value: 'Firefox', count: 9 }], Chr: [{ type: 'USERBROWSER', value: 'Chrome', count: 12 }] };
    const c = await openPage();
    await pick(c, 'add-filter', 'User Browser');
    const input = c.querySelector<HTMLInputElement>('[data-testid="filter-value-input"]')!;
    const asked = () => host.api.get.mock.calls.map(([path]) => path as string).filter((p) => p.includes('/sessions/filters'));
    await focus(input);
    await advance(0);
    // Before typing, the most frequent browsers come from the grouped values.
    expect(asked()).toEqual([`/${TEST_PROJECT.id}/sessions/filters`]);
    expect([...c.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual(['Firefox']);

    typeInto(input, 'C');
    await advance(400);
    typeInto(input, 'Chr');
    await advance(999);
    expect(asked()).toHaveLength(1);
    await advance(1);
    expect(asked().at(-1)).toBe(`/${TEST_PROJECT.id}/sessions/filters/search?q=Chr&type=USERBROWSER`);
    expect(asked()).toHaveLength(2);
    const option = [...c.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent?.startsWith('Chrome'))!;
    await pressKey(input, 'ArrowDown');
    expect(option.getAttribute('aria-selected')).toBe('true');
    await pressKey(input, 'Enter');
    expect([...c.querySelectorAll('[data-testid="filter-value-chip"]')].map((chip) => chip.textContent)).toEqual(['Chrome×']);

    typeInto(input, 'zzz');
    await advance(1000);
    expect(c.querySelector('[role="listbox"]')?.textContent).toBe('No results found!');
  });

  it('suggests up to 5 countries by name for the country filter, and shows codes as names', async () => {
    const c = await openPage();
    await pick(c, 'add-filter', 'User Country');
    const input = c.querySelector<HTMLInputElement>('[data-testid="filter-value-input"]')!;
    await focus(input);
    typeInto(input, 'ger');
    await advance(1000);
    const options = [...c.querySelectorAll<HTMLElement>('[role="option"]')].map((o) => o.textContent);
    expect(options).toContain('🇩🇪 Germany');
    expect(options.length).toBeLessThanOrEqual(5);
    await click([...c.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === '🇩🇪 Germany'));
    await advance(500);
    expect(lastSearch().filters).toEqual([{ type: 'USERCOUNTRY', operator: 'is', value: ['DE'], isEvent: false }]);
    expect(c.querySelector('[data-testid="filter-value-chip"]')?.textContent).toBe('🇩🇪 Germany×');
  });

  it('takes a performance threshold with its operator and unit', async () => {
    const c = await openPage();
    await pick(c, 'add-step', 'Time to First Byte');
    expect(c.querySelector('.cs-filter-threshold__unit')?.textContent).toBe('ms');
    const operator = byLabel<HTMLSelectElement>(c, 'Time to First Byte threshold operator')!;
    expect([...operator.options].map((o) => o.textContent)).toEqual(['above', 'above or equal to', 'below', 'below or equal to', 'equal to']);
    await chooseOption(operator, '>');
    typeInto(byLabel<HTMLInputElement>(c, 'Time to First Byte threshold in ms')!, '800');
    await advance(500);
    expect(lastSearch().events).toEqual([{ type: 'TTFB', operator: 'isAny', value: [], isEvent: true, source: [800], sourceOperator: '>' }]);
  });
});

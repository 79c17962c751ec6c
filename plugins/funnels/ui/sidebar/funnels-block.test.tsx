// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@cassette/plugin-sdk/ui';
import { allByTestId, buttonNamed, byLabel, byTestId, cleanup, click, fakeHost, pressKey, renderPage, settle, TEST_PROJECT, typeInto, type FakeHost } from '@cassette/plugin-sdk/testing/ui';
import type { SessionsListSidebarProps, SessionSearchFilter } from '@cassette/plugin-sessions/api';
import type { FunnelListItem } from '../../shared/funnel.js';
import { funnel, funnelListItem } from '../../testing/ui-fixtures.js';
import { FunnelsBlock } from './funnels-block.js';

const LIST = `/${TEST_PROJECT.id}/funnels`;
const STEP = { type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true };

let list: FunnelListItem[];
let host: FakeHost;

beforeEach(() => {
  list = [funnelListItem()];
  host = fakeHost({
    routes: {
      [`GET ${LIST}`]: () => list,
      [`POST ${LIST}`]: (_path, body) => {
        const created = funnel({ funnelId: 99, ...(body as object) });
        list = [...list, created];
        return created;
      },
    },
  });
});
afterEach(cleanup);

async function open(props: Partial<SessionsListSidebarProps> = {}) {
  const all: SessionsListSidebarProps = { projectId: TEST_PROJECT.id, filter: { events: [], filters: [] }, stepsInBar: 0, addBlankSteps: vi.fn(), blinkFilters: vi.fn(), ...props };
  const page = renderPage(<FunnelsBlock {...all} />, `/${TEST_PROJECT.id}/sessions`, '*', { host });
  await settle();
  return { page, props: all, container: page.container };
}

const names = (container: HTMLElement) => allByTestId(container, 'funnel-item').map((item) => item.querySelector('.cs-funnels-block__name')?.textContent);
const named = (n: number) => Array.from({ length: n }, (_, i) => funnelListItem({ funnelId: i + 1, name: `Funnel ${i + 1}` }));

describe('the sidebar Funnels block', () => {
  it('lists 3 funnels, then SHOW MORE shows all and SHOW LESS three again', async () => {
    list = named(5);
    const { container } = await open();
    expect(names(container)).toEqual(['Funnel 1', 'Funnel 2', 'Funnel 3']);
    await click(buttonNamed(container, 'SHOW MORE (2)'));
    expect(names(container)).toEqual(['Funnel 1', 'Funnel 2', 'Funnel 3', 'Funnel 4', 'Funnel 5']);
    await click(buttonNamed(container, 'SHOW LESS'));
    expect(names(container)).toHaveLength(3);
  });

  it('has no SHOW MORE for three funnels or fewer', async () => {
    list = named(3);
    const { container } = await open();
    expect(names(container)).toHaveLength(3);
    expect(container.querySelector('.cs-funnels-block__more')).toBeNull();
  });

  it('opens a funnel on click, and marks the shared ones', async () => {
    list = [funnelListItem({ funnelId: 4, name: 'Checkout' }), funnelListItem({ funnelId: 5, name: 'Signup', isPublic: true, userId: 2 })];
    const { container } = await open();
    const [checkout, signup] = allByTestId(container, 'funnel-item');
    expect(checkout!.querySelector('a')?.getAttribute('href')).toBe(`/${TEST_PROJECT.id}/funnels/4`);
    expect(checkout!.querySelector('[data-field="shared"]')).toBeNull();
    expect(signup!.querySelector('[data-field="shared"]')?.textContent).toBe('Shared with team');
    // A teammate's funnel: open it, but only its author renames or deletes it.
    expect(byLabel(signup!, 'Delete Signup')).toBeNull();
    expect(byLabel(checkout!, 'Delete Checkout')).not.toBeNull();
  });

  it('says what funnels are for when there are none', async () => {
    list = [];
    const { container } = await open();
    expect(byTestId(container, 'funnels-empty')?.textContent).toContain('Funnels uncover the issues that hurt your conversions.');
  });

  it('with no steps in the search, the plus adds two visited-URL steps and a click step, and points at them', async () => {
    const { container, props } = await open({ filter: { events: [], filters: [{ type: 'USEROS', operator: 'is', value: ['macOS'] }] } });
    await click(byTestId(container, 'add-funnel'));
    expect(props.addBlankSteps).toHaveBeenCalledWith(['LOCATION', 'LOCATION', 'CLICK']);
    expect(props.blinkFilters).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('with blank steps waiting for values, the plus only points at them again', async () => {
    const { container, props } = await open({ stepsInBar: 3 });
    await click(byTestId(container, 'add-funnel'));
    expect(props.addBlankSteps).not.toHaveBeenCalled();
    expect(props.blinkFilters).toHaveBeenCalledTimes(1);
  });

  it('with steps, the plus saves the search as a funnel and lists it', async () => {
    const filter: SessionSearchFilter = { events: [STEP, { ...STEP, value: ['/paid'] }], filters: [], eventsOrder: 'then', strict: false, rangeValue: 'LAST_30_DAYS' };
    const { container, props } = await open({ filter });
    await click(byTestId(container, 'add-funnel'));
    expect(props.addBlankSteps).not.toHaveBeenCalled();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(byTestId(dialog, 'save-funnel-summary')?.textContent).toBe('2 steps from the search.');
    typeInto(byLabel<HTMLInputElement>(dialog, 'Name'), '  Paying  ');
    await click(byLabel(dialog, 'Shared with team'));
    await click(buttonNamed(dialog, 'Save'));
    await settle();
    expect(host.api.post).toHaveBeenCalledWith(LIST, { name: 'Paying', isPublic: true, filter: { events: filter.events, filters: [], rangeValue: 'LAST_30_DAYS' } });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(host.toast).toHaveBeenCalledWith('Saved the funnel “Paying”.', 'success');
    // The list is loaded again after saving.
    expect(names(container)).toEqual(['Checkout', 'Paying']);
  });

  it('renames a funnel in place', async () => {
    host = fakeHost({ routes: { [`GET ${LIST}`]: () => list, [`POST ${LIST}/1`]: (_path, body) => ({ ...funnel(), ...(body as object) }) } });
    const { container } = await open();
    await click(byLabel(container, 'Rename Checkout'));
    const input = byLabel<HTMLInputElement>(container, 'Funnel name')!;
    expect(document.activeElement).toBe(input);
    typeInto(input, 'Checkout (mobile)');
    await pressKey(input, 'Enter');
    await settle();
    expect(host.api.post).toHaveBeenCalledWith(`${LIST}/1`, { name: 'Checkout (mobile)' });
    expect(names(container)).toEqual(['Checkout (mobile)']);
    expect(byLabel(container, 'Funnel name')).toBeNull();
  });

  it('keeps the old name and says why when a rename is refused', async () => {
    host = fakeHost({
      routes: {
        [`GET ${LIST}`]: () => list,
        [`POST ${LIST}/1`]: () => {
          throw new ApiError(403, ['Only the author can rename this funnel.']);
        },
      },
    });
    const { container } = await open();
    await click(byLabel(container, 'Rename Checkout'));
    typeInto(byLabel<HTMLInputElement>(container, 'Funnel name'), 'Mine now');
    await pressKey(byLabel(container, 'Funnel name'), 'Enter');
    await settle();
    expect(names(container)).toEqual(['Checkout']);
    expect(host.toast).toHaveBeenCalledWith('“Checkout” could not be renamed: Only the author can rename this funnel.', 'error');
  });

  it('deletes a funnel only after confirming, with the spec question and a Delete button', async () => {
    host = fakeHost({ routes: { [`GET ${LIST}`]: () => list, [`DELETE ${LIST}/1`]: () => ({}) } });
    const { container } = await open();
    await click(byLabel(container, 'Delete Checkout'));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.querySelector('.cs-confirm__message')?.textContent).toBe('Are you sure you want to permanently delete "Checkout"?');
    await click(buttonNamed(dialog, 'Cancel'));
    expect(host.api.del).not.toHaveBeenCalled();
    expect(names(container)).toEqual(['Checkout']);
    await click(byLabel(container, 'Delete Checkout'));
    await click(buttonNamed(document.querySelector<HTMLElement>('[role="dialog"]')!, 'Delete'));
    await settle();
    expect(host.api.del).toHaveBeenCalledWith(`${LIST}/1`);
    expect(names(container)).toEqual([]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('says when the list could not be loaded, and loads it again on Try again', async () => {
    let fail = true;
    host = fakeHost({
      routes: {
        [`GET ${LIST}`]: () => {
          if (fail) throw new ApiError(500, ['Database is down']);
          return list;
        },
      },
    });
    const { container } = await open();
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Database is down');
    fail = false;
    await click(buttonNamed(container, 'Try again'));
    await settle();
    expect(names(container)).toEqual(['Checkout']);
  });
});

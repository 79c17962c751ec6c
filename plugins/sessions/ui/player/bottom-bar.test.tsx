// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_ALLOWED_TEXT } from '@cassette/plugin-sdk/ui';
import { buttonNamed, byTestId, cleanup, click, pressKey, renderPage, type FakeHost, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { Session } from '../../shared/session.js';
import type { RefObject } from 'react';
import { BottomBar, PANEL_HINT_STORAGE_KEY, PANEL_HINT_TEXT } from './bottom-bar.js';
import { PANEL_DEFAULT_HEIGHT, PANEL_KEY_STEP, PANEL_MIN_HEIGHT, panelHeightStorageKey, REPLAY_MIN_HEIGHT } from './panel-split.js';
import type { PanelProps, PlayerPanel } from './panels/panel-types.js';

const session = { sessionId: 's1' } as Session;
const seen: PanelProps[] = [];
const panel = (id: PlayerPanel['id'], label: string, needsDevTools: boolean): PlayerPanel => ({
  id,
  label,
  needsDevTools,
  component: (props: PanelProps) => {
    seen.push(props);
    return <div className="test-panel">{`${label} content at ${props.currentTime}`}</div>;
  },
});
const PANELS = [panel('console', 'Console', true), panel('events', 'Events', false), panel('network', 'Network', true)];

let page: RenderedPage<FakeHost>;

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
});
afterEach(cleanup);

const HEIGHT_KEY = panelHeightStorageKey(7);

function mount(canUseDevTools = true, seek = vi.fn(), stageRef?: RefObject<HTMLElement | null>) {
  page = renderPage(<BottomBar panels={PANELS} session={session} currentTime={4200} seek={seek} canUseDevTools={canUseDevTools} heightStorageKey={HEIGHT_KEY} stageRef={stageRef} />);
}

const toggle = (id: string) => byTestId<HTMLButtonElement>(page.container, `panel-toggle-${id}`)!;
const panelArea = () => byTestId(page.container, 'player-panel');
const hint = () => byTestId(page.container, 'player-panel-hint');
const split = () => byTestId(page.container, 'player-split');
const panelHeight = () => panelArea()!.style.height;

describe('player bottom bar', () => {
  it('has one toggle per panel; choosing one opens it with the session, time and seek', async () => {
    const seek = vi.fn();
    mount(true, seek);
    expect([...page.container.querySelectorAll('[data-testid^="panel-toggle-"]')].map((b) => b.textContent)).toEqual(['Console', 'Events', 'Network']);
    expect(panelArea()).toBeNull();
    await click(toggle('events'));
    expect(panelArea()?.textContent).toBe('Events content at 4200');
    expect(toggle('events').getAttribute('aria-pressed')).toBe('true');
    seen.at(-1)!.seek(1000);
    expect(seek).toHaveBeenCalledWith(1000);
    expect(seen.at(-1)!.session).toBe(session);
  });

  it('choosing another panel switches; choosing the open one closes it', async () => {
    mount();
    await click(toggle('events'));
    await click(toggle('console'));
    expect(panelArea()?.textContent).toBe('Console content at 4200');
    expect(toggle('events').getAttribute('aria-pressed')).toBe('false');
    await click(toggle('console'));
    expect(panelArea()).toBeNull();
  });

  it('Escape closes the open panel', async () => {
    mount();
    await click(toggle('events'));
    await pressKey(document, 'Escape');
    expect(panelArea()).toBeNull();
  });

  it("shows 'Not allowed' instead of developer panels without DEV_TOOLS", async () => {
    mount(false);
    await click(toggle('network'));
    expect(panelArea()?.textContent).toContain(NOT_ALLOWED_TEXT);
    expect(panelArea()?.textContent).not.toContain('Network content');
    await click(toggle('events'));
    expect(panelArea()?.textContent).toBe('Events content at 4200');
  });

  it('hiding the hint closes the panel and is remembered in this browser', async () => {
    mount();
    expect(hint()?.textContent).toContain(PANEL_HINT_TEXT);
    await click(toggle('events'));
    await click(buttonNamed(hint()!, 'Hide hint'));
    expect(hint()).toBeNull();
    expect(panelArea()).toBeNull();
    expect(localStorage.getItem(PANEL_HINT_STORAGE_KEY)).toBe('1');
    page.unmount();
    mount();
    expect(hint()).toBeNull();
    expect(toggle('events')).not.toBeNull();
  });

  it('the split between replay and panel moves with the arrow keys, and is remembered per user', async () => {
    mount();
    expect(split()).toBeNull();
    await click(toggle('events'));
    expect(split()?.getAttribute('role')).toBe('separator');
    expect(panelHeight()).toBe(`${PANEL_DEFAULT_HEIGHT}px`);
    await pressKey(split(), 'ArrowUp');
    expect(panelHeight()).toBe(`${PANEL_DEFAULT_HEIGHT + PANEL_KEY_STEP}px`);
    expect(split()!.getAttribute('aria-valuenow')).toBe(String(PANEL_DEFAULT_HEIGHT + PANEL_KEY_STEP));
    await pressKey(split(), 'ArrowDown');
    await pressKey(split(), 'ArrowDown');
    expect(panelHeight()).toBe(`${PANEL_DEFAULT_HEIGHT - PANEL_KEY_STEP}px`);
    expect(localStorage.getItem(HEIGHT_KEY)).toBe(String(PANEL_DEFAULT_HEIGHT - PANEL_KEY_STEP));
    await pressKey(split(), 'Home');
    expect(panelHeight()).toBe(`${PANEL_MIN_HEIGHT}px`);
    await pressKey(split(), 'ArrowDown');
    expect(panelHeight()).toBe(`${PANEL_MIN_HEIGHT}px`);
    page.unmount();
    mount();
    await click(toggle('console'));
    expect(panelHeight()).toBe(`${PANEL_MIN_HEIGHT}px`);
    expect(localStorage.getItem(panelHeightStorageKey(8))).toBeNull();
  });

  it('the panel never takes the replay below its minimum height', async () => {
    // The replay's area measures 400 px (happy-dom lays nothing out, so it is given).
    const stage = { clientHeight: 400 } as HTMLElement;
    mount(true, vi.fn(), { current: stage });
    await click(toggle('events'));
    await pressKey(split(), 'End');
    expect(panelHeight()).toBe(`${400 - REPLAY_MIN_HEIGHT}px`);
  });
});

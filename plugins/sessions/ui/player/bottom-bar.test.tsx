// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_ALLOWED_TEXT } from '@cassette/plugin-sdk/ui';
import type { Session } from '../../shared/session.js';
import { BottomBar, PANEL_HINT_STORAGE_KEY, PANEL_HINT_TEXT } from './bottom-bar.js';
import type { PanelProps, PlayerPanel } from './panels/panel-types.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

let root: Root | null = null;
let container: HTMLElement | null = null;

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
});

function mount(canUseDevTools = true, seek = vi.fn()) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <MemoryRouter>
        <BottomBar panels={PANELS} session={session} currentTime={4200} seek={seek} canUseDevTools={canUseDevTools} />
      </MemoryRouter>,
    ),
  );
  return container;
}

const toggle = (id: string) => container!.querySelector<HTMLButtonElement>(`[data-testid="panel-toggle-${id}"]`)!;
const panelArea = () => container!.querySelector<HTMLElement>('[data-testid="player-panel"]');
const hint = () => container!.querySelector<HTMLElement>('[data-testid="player-panel-hint"]');
const click = (el: HTMLElement) => act(() => el.click());

describe('player bottom bar', () => {
  it('has one toggle per panel; choosing one opens it with the session, time and seek', () => {
    const seek = vi.fn();
    mount(true, seek);
    expect([...container!.querySelectorAll('[data-testid^="panel-toggle-"]')].map((b) => b.textContent)).toEqual(['Console', 'Events', 'Network']);
    expect(panelArea()).toBeNull();
    click(toggle('events'));
    expect(panelArea()?.textContent).toBe('Events content at 4200');
    expect(toggle('events').getAttribute('aria-pressed')).toBe('true');
    seen.at(-1)!.seek(1000);
    expect(seek).toHaveBeenCalledWith(1000);
    expect(seen.at(-1)!.session).toBe(session);
  });

  it('choosing another panel switches; choosing the open one closes it', () => {
    mount();
    click(toggle('events'));
    click(toggle('console'));
    expect(panelArea()?.textContent).toBe('Console content at 4200');
    expect(toggle('events').getAttribute('aria-pressed')).toBe('false');
    click(toggle('console'));
    expect(panelArea()).toBeNull();
  });

  it('Escape closes the open panel', () => {
    mount();
    click(toggle('events'));
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(panelArea()).toBeNull();
  });

  it("shows 'Not allowed' instead of developer panels without DEV_TOOLS", () => {
    mount(false);
    click(toggle('network'));
    expect(panelArea()?.textContent).toContain(NOT_ALLOWED_TEXT);
    expect(panelArea()?.textContent).not.toContain('Network content');
    click(toggle('events'));
    expect(panelArea()?.textContent).toBe('Events content at 4200');
  });

  it('hiding the hint closes the panel and is remembered in this browser', () => {
    mount();
    expect(hint()?.textContent).toContain(PANEL_HINT_TEXT);
    click(toggle('events'));
    click([...hint()!.querySelectorAll('button')].find((b) => b.textContent === 'Hide hint')!);
    expect(hint()).toBeNull();
    expect(panelArea()).toBeNull();
    expect(localStorage.getItem(PANEL_HINT_STORAGE_KEY)).toBe('1');
    act(() => root!.unmount());
    container!.remove();
    mount();
    expect(hint()).toBeNull();
    expect(toggle('events')).not.toBeNull();
  });
});

// @vitest-environment happy-dom
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillSlot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { byTestId, cleanup, click, fakeAccount, fakeHost, renderPage } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type PlayerPanelSlotProps } from '../../api.js';
import type { Session } from '../../shared/session.js';
import { BottomBar } from './bottom-bar.js';
import { usePlayerPanels } from './contributed-panels.js';
import { PLAYER_PANELS } from './panels/index.js';

const session = { sessionId: 's1', startedAt: 1_000 } as Session;
const seen: PlayerPanelSlotProps[] = [];
let mounts = 0;

function BackendLines(props: PlayerPanelSlotProps) {
  seen.push(props);
  return <p>{`backend lines of project ${props.projectId} at ${props.currentTime}`}</p>;
}
// Counts mounts: a panel that remounted on every tick would lose its scroll and its filters.
function Counted(props: PlayerPanelSlotProps) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <BackendLines {...props} />;
}

const FILLS = [
  fillSlot(sessionsSlots.playerPanels, { id: 'tools.backend', label: 'Backend logs', component: Counted, order: 10, permission: 'DEV_TOOLS' }),
  fillSlot(sessionsSlots.playerPanels, { id: 'tools.notes', label: 'Notes', component: () => <p>notes</p>, order: 5 }),
];

function Player({ currentTime, seek }: { currentTime: number; seek(time: number): void }) {
  const panels = usePlayerPanels(7);
  return <BottomBar panels={panels} session={session} currentTime={currentTime} seek={seek} canUseDevTools heightStorageKey="h" />;
}

beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  mounts = 0;
});
afterEach(cleanup);

function mount(permissions: ('SESSION_REPLAY' | 'DEV_TOOLS')[] | 'admin', seek = vi.fn()) {
  const host = fakeHost({ account: permissions === 'admin' ? fakeAccount() : fakeAccount({ admin: false, permissions }) });
  const tree = (currentTime: number) => (
    <UiRegistryContext.Provider value={{ fills: FILLS }}>
      <Player currentTime={currentTime} seek={seek} />
    </UiRegistryContext.Provider>
  );
  const page = renderPage(tree(0), '/', '*', { host });
  return { page, at: (time: number) => page.rerender(tree(time)) };
}

const toggles = () => [...document.querySelectorAll('[data-testid^="panel-toggle-"]')].map((b) => b.textContent);

describe("other plugins' player panels", () => {
  it("come after the player's own, by order, labelled by their fill, and get the project, time and seek", async () => {
    const seek = vi.fn();
    const { at } = mount('admin', seek);
    expect(toggles()).toEqual([...PLAYER_PANELS.map((p) => p.label), 'Notes', 'Backend logs']);
    await click(byTestId(document.body, 'panel-toggle-tools.backend'));
    expect(byTestId(document.body, 'player-panel')!.textContent).toBe('backend lines of project 7 at 0');
    const first = seen.at(-1)!;
    at(2_500);
    expect(byTestId(document.body, 'player-panel')!.textContent).toBe('backend lines of project 7 at 2500');
    first.seek(1_200);
    expect(seek).toHaveBeenCalledWith(1_200);
    expect(seen.at(-1)!.session).toBe(session);
  });

  it('keep their component across ticks, so an open panel is not remounted while playing', async () => {
    const { at } = mount('admin');
    await click(byTestId(document.body, 'panel-toggle-tools.backend'));
    const shown = byTestId(document.body, 'player-panel')!.firstElementChild;
    at(250);
    at(500);
    expect(byTestId(document.body, 'player-panel')!.firstElementChild).toBe(shown);
    expect(mounts).toBe(1);
  });

  it('needing Developer Tools, are not offered to a viewer without it', () => {
    mount(['SESSION_REPLAY']);
    expect(toggles()).toContain('Notes');
    expect(toggles()).not.toContain('Backend logs');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Slot, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { cleanup, click, fakeHost, renderPage, settle, TEST_PROJECT } from '@cassette/plugin-sdk/testing/ui';
import { sessionsSlots, type SessionRowsProps } from '../../api.js';
import type { SessionSummary } from '../../shared/session.js';
import { session } from '../../testing/sessions-list.js';
import sessionsUi from '../../ui.js';

afterEach(cleanup);

const FAVORITE = (id: string) => `GET /${TEST_PROJECT.id}/sessions2/${id}/favorite`;

/** Another plugin's page showing sessions through the slot, with the sessions plugin's fills registered as the host would. */
function ShowsSessions(props: SessionRowsProps) {
  return (
    <UiRegistryContext.Provider value={{ fills: sessionsUi.fills ?? [] }}>
      <Slot slot={sessionsSlots.sessionRows} props={props} fallback={<p data-testid="no-fill">no fill</p>} />
    </UiRegistryContext.Provider>
  );
}

async function show(sessions: SessionSummary[], onFavoriteChange?: SessionRowsProps['onFavoriteChange']) {
  const host = fakeHost({ routes: { [FAVORITE('s-2')]: () => ({ favorite: true }) } });
  const page = renderPage(<ShowsSessions projectId={TEST_PROJECT.id} sessions={sessions} onFavoriteChange={onFavoriteChange} />, '/', '*', { host });
  await settle();
  return { page, host };
}

const star = (item: Element) => item.querySelector<HTMLButtonElement>('.cs-session-favorite')!;
const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-testid="session-item"]')];

describe('the sessionRows slot', () => {
  it('draws each session as the list does, with its link to the player', async () => {
    const { page } = await show([session({ sessionId: 's-1', userDisplayName: 'ada@shop.test' }), session({ sessionId: 's-2', userDisplayName: 'bob@shop.test' })]);
    expect(page.container.querySelector('[data-testid="no-fill"]')).toBeNull();
    expect(rows(page.container).map((r) => r.dataset.sessionId)).toEqual(['s-1', 's-2']);
    expect(rows(page.container)[1]!.querySelector('[data-field="user"]')?.textContent).toBe('bob@shop.test');
    expect(rows(page.container)[0]!.querySelector('a.cs-session-play')?.getAttribute('href')).toBe(`/${TEST_PROJECT.id}/session/s-1`);
  });

  it("toggles a bookmark with the sessions plugin's route, shows it at once and tells the caller", async () => {
    const onFavoriteChange = vi.fn();
    const { page, host } = await show([session({ sessionId: 's-1' }), session({ sessionId: 's-2' })], onFavoriteChange);
    const second = rows(page.container)[1]!;
    expect(star(second).getAttribute('aria-pressed')).toBe('false');
    await click(star(second));
    await settle();
    expect(host.api.get).toHaveBeenCalledWith(`/${TEST_PROJECT.id}/sessions2/s-2/favorite`);
    expect(star(rows(page.container)[1]!).getAttribute('aria-pressed')).toBe('true');
    expect(onFavoriteChange).toHaveBeenCalledWith('s-2', true);
  });

  it('shows a toggled bookmark without a caller keeping the list, until a new list comes', async () => {
    const { page } = await show([session({ sessionId: 's-2' })]);
    await click(star(rows(page.container)[0]!));
    await settle();
    expect(star(rows(page.container)[0]!).getAttribute('aria-pressed')).toBe('true');
    page.rerender(<ShowsSessions projectId={TEST_PROJECT.id} sessions={[session({ sessionId: 's-2', favorite: false })]} />);
    await settle();
    expect(star(rows(page.container)[0]!).getAttribute('aria-pressed')).toBe('false');
  });
});

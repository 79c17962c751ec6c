// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, HostContext, NOT_ALLOWED_TEXT, type ApiClient, type HostContextValue } from '@cassette/plugin-sdk/ui';
import type { RecordingIndex } from '../../shared/recording.js';
import type { Session } from '../../shared/session.js';
import { NO_RECORDING_TEXT, SESSION_NOT_FOUND_TEXT } from './player-errors.js';
import { fakeAccount, fakeHost } from '../../testing/fake-host.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The real Replayer needs a real browser (the lead's Playwright tests cover it); this stand-in
// builds the same DOM shape so the page's wiring can be checked.
const replayers: FakeReplayer[] = [];
class FakeReplayer {
  wrapper = document.createElement('div');
  iframe = document.createElement('iframe');
  events: Array<{ timestamp: number }>;
  played: number[] = [];
  constructor(events: Array<{ timestamp: number }>, config: { root: HTMLElement; UNSAFE_replayCanvas?: boolean }) {
    this.events = [...events];
    this.wrapper.className = 'replayer-wrapper';
    this.iframe.setAttribute('sandbox', config.UNSAFE_replayCanvas ? 'allow-same-origin allow-scripts' : 'allow-same-origin');
    // The iframe stays detached: happy-dom cannot load frames (a real browser test covers them).
    config.root.appendChild(this.wrapper);
    replayers.push(this);
  }
  play(offset = 0) {
    this.played.push(offset);
  }
  pause() {}
  addEvent(e: { timestamp: number }) {
    this.events.push(e);
  }
  getCurrentTime() {
    return 0;
  }
  setConfig() {}
  handlers: Record<string, () => void> = {};
  on(event: string, handler: () => void) {
    this.handlers[event] = handler;
    return this;
  }
  destroy() {
    this.wrapper.remove();
  }
}
vi.mock('@rrweb/replay', () => ({ Replayer: FakeReplayer }));

const { default: SessionPlayerPage } = await import('./session-player.page.js');

const T0 = 1_700_000_000_000;
const PROJECT = 7;

function sessionFixture(overrides: Partial<Session> = {}): Session {
  return {
    sessionId: 's1',
    projectId: PROJECT,
    siteId: PROJECT,
    projectKey: 'k',
    startedAt: T0,
    duration: 30_000,
    userDisplayName: 'ada@shop.test',
    userBrowser: 'Chrome',
    userBrowserVersion: '120',
    userOs: 'Mac OS',
    userOsVersion: '14',
    userCountry: 'FR',
    favorite: false,
    startUrl: 'https://shop.test/',
    events: [
      { type: 'LOCATION', key: '1:0', time: 0, timestamp: T0, url: 'https://shop.test/', host: 'shop.test', path: '/', title: 'Home' },
      { type: 'CLICK', key: '1:1', time: 2_000, timestamp: T0 + 2_000, target: { path: 'button.buy', label: 'Buy' }, targetContent: 'Buy', count: 1 },
      { type: 'CLICKRAGE', key: '1:2', time: 6_000, timestamp: T0 + 6_000, target: { path: 'button.buy', label: 'Buy' }, targetContent: 'Buy', count: 5 },
    ],
    errors: [{ key: '1:3', source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: null, time: 8_000, timestamp: T0 + 8_000 }],
    issues: [{ issueId: 'bad_request:1:4', type: 'bad_request', name: 'Bad Requests', visible: true, contextString: 'GET /api 500', time: 9_000, timestamp: T0 + 9_000, seqIndex: 1, payload: null }],
    previousSessionId: null,
    nextSessionId: 's2',
    ...overrides,
  } as unknown as Session;
}

const INDEX: RecordingIndex = {
  startedAt: T0,
  chunks: [
    { seq: 1, pageNo: 1, firstTimestamp: T0 + 10, lastTimestamp: T0 + 9_000, hasFullSnapshot: true, bytes: 10 },
    { seq: 2, pageNo: 1, firstTimestamp: T0 + 10_000, lastTimestamp: T0 + 29_000, hasFullSnapshot: false, bytes: 10 },
  ],
};
const chunk = (seq: number) => ({
  seq,
  events:
    seq === 1
      ? [
          { type: 4, timestamp: T0 + 10, data: { href: 'https://shop.test/', width: 1000, height: 800 } },
          { type: 2, timestamp: T0 + 20, data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { top: 0, left: 0 } } },
        ]
      : [{ type: 3, timestamp: T0 + 10_000, data: { source: 2, type: 2, id: 1, x: 1, y: 1 } }],
});

interface Routes {
  session?: () => unknown;
  index?: () => unknown;
}

function hostWith(routes: Routes = {}) {
  const calls: string[] = [];
  let favorite = false;
  const get = vi.fn(async (path: string) => {
    calls.push(`GET ${path}`);
    if (path === `/${PROJECT}/sessions2/s1`) return routes.session ? routes.session() : sessionFixture();
    if (path === `/${PROJECT}/sessions2/s1/recording`) return routes.index ? routes.index() : INDEX;
    const seq = /\/recording\/(\d+)$/.exec(path);
    if (seq) return chunk(Number(seq[1]));
    if (path === `/${PROJECT}/sessions2/s1/favorite`) return { favorite: (favorite = !favorite) };
    throw new ApiError(404, ['Not found']);
  });
  const post = vi.fn(async (path: string) => {
    calls.push(`POST ${path}`);
    return {};
  });
  const api = { request: vi.fn(), get, post, put: vi.fn(), del: vi.fn() } as unknown as ApiClient;
  const host: HostContextValue = fakeHost({
    api,
    account: fakeAccount({ admin: false, roleId: 1, permissions: ['SESSION_REPLAY'] }),
    projects: [],
    currentProject: { id: PROJECT, name: 'Shop', host: 'shop.test', projectKey: 'k', status: 'green', recorded: true },
    hasPermission: (p) => p === 'SESSION_REPLAY',
  });
  return { host, calls };
}

let root: Root | null = null;
let container: HTMLElement | null = null;

beforeEach(() => {
  replayers.length = 0;
  localStorage.clear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  container = null;
});

async function settle() {
  for (let i = 0; i < 6; i++) await act(async () => void (await new Promise((r) => setTimeout(r, 0))));
}

async function mount(host: HostContextValue, url = `/${PROJECT}/session/s1`) {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() =>
    root!.render(
      <HostContext.Provider value={host}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/:siteId/session/:sessionId" element={<SessionPlayerPage />} />
            <Route path="/:siteId/sessions" element={<p>the list</p>} />
          </Routes>
        </MemoryRouter>
      </HostContext.Provider>,
    ),
  );
  await settle();
  return container;
}

const byTestId = (id: string) => container!.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const playerState = () => byTestId('session-player')!.getAttribute('data-player-state');

describe('session player page', () => {
  it('shows who and when, streams the recording into a sandboxed replay and is ready to play', async () => {
    await mount(hostWith().host);
    expect(byTestId('player-user')?.textContent).toBe('ada@shop.test');
    expect(container!.textContent).toContain('Chrome 120');
    expect(container!.textContent).toContain('Mac OS 14');
    expect(container!.textContent).toContain('France');
    expect(playerState()).toBe('ready');
    expect(replayers).toHaveLength(1);
    expect(byTestId('player-replay')!.contains(replayers[0]!.wrapper)).toBe(true);
    expect(replayers[0]!.iframe.getAttribute('sandbox')).toBe('allow-same-origin');
    // Both chunks reached the Replayer, in order.
    expect(replayers[0]!.events.map((e) => e.timestamp - T0)).toEqual([10, 20, 10_000]);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    expect(container!.textContent).toContain('0:30');
  });

  it('marks the session viewed once, on the first play', async () => {
    const { host, calls } = hostWith();
    await mount(host);
    await act(async () => byTestId('player-play')!.click());
    expect(playerState()).toBe('playing');
    expect(byTestId('player-play')!.getAttribute('aria-label')).toBe('Pause');
    await act(async () => byTestId('player-play')!.click());
    await act(async () => byTestId('player-play')!.click());
    await settle();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([`POST /${PROJECT}/sessions2/s1/viewed`]);
  });

  it('draws page visits, clicks, rage clicks, errors and issues on the timeline; a marker seeks', async () => {
    await mount(hostWith().host);
    const markers = [...container!.querySelectorAll<HTMLElement>('[data-marker-type]')];
    expect(markers.map((m) => m.dataset.markerType)).toEqual(['location', 'click', 'click_rage', 'error', 'issue']);
    expect(markers[2]!.title).toContain('Click Rage');
    expect(markers[4]!.title).toContain('Bad Requests: GET /api 500');
    await act(async () => markers[2]!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    expect(byTestId('player-marker-tip')?.textContent).toBe('Click Rage: 5 clicks on Buy (0:06)');
    await act(async () => markers[3]!.click());
    expect(byTestId('player-time')?.textContent).toBe('0:08');
    expect(playerState()).toBe('paused');
  });

  it('offers every panel in the bottom bar and guards the developer ones', async () => {
    await mount(hostWith().host);
    const toggles = [...container!.querySelectorAll<HTMLElement>('[data-testid^="panel-toggle-"]')].map((b) => b.dataset.testid);
    expect(toggles).toEqual(expect.arrayContaining(['panel-toggle-console', 'panel-toggle-network', 'panel-toggle-events']));
    await act(async () => byTestId('panel-toggle-console')!.click());
    expect(byTestId('player-panel')?.textContent).toContain(NOT_ALLOWED_TEXT);
    await act(async () => byTestId('panel-toggle-console')!.click());
    expect(byTestId('player-panel')).toBeNull();
  });

  it('toggles favorite through the API and shows the answer', async () => {
    const { host, calls } = hostWith();
    await mount(host);
    expect(byTestId('player-favorite')!.getAttribute('aria-pressed')).toBe('false');
    await act(async () => byTestId('player-favorite')!.click());
    await settle();
    expect(calls).toContain(`GET /${PROJECT}/sessions2/s1/favorite`);
    expect(byTestId('player-favorite')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('says what to do when there is no recording yet, and tries again', async () => {
    let answer: () => unknown = () => ({ startedAt: T0, chunks: [] });
    const { host, calls } = hostWith({ index: () => answer() });
    await mount(host);
    expect(playerState()).toBe('error');
    expect(byTestId('player-error')?.textContent).toContain(NO_RECORDING_TEXT);
    answer = () => INDEX;
    const retry = [...byTestId('player-error')!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await act(async () => retry.click());
    await settle();
    expect(calls.filter((c) => c === `GET /${PROJECT}/sessions2/s1/recording`).length).toBeGreaterThanOrEqual(2);
    expect(playerState()).toBe('ready');
  });

  it('a missing session says so and offers the way back', async () => {
    const { host } = hostWith({
      session: () => {
        throw new ApiError(404, ['Session not found']);
      },
    });
    await mount(host);
    expect(container!.querySelector('[role="alert"]')?.textContent).toContain(SESSION_NOT_FOUND_TEXT);
    expect(byTestId('player-replay')).toBeNull();
  });

  it('autoplay is remembered and, at the end, moves to the next session', async () => {
    const { host, calls } = hostWith();
    await mount(host);
    await act(async () => byTestId('player-autoplay')!.click());
    expect(byTestId('player-autoplay')!.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('cassette.player.autoplay')).toBe('1');
    await act(async () => byTestId('player-play')!.click());
    await act(async () => replayers[0]!.handlers.finish!());
    await settle();
    expect(calls).toContain(`GET /${PROJECT}/sessions2/s2`);
  });

  it('opens at the moment given by ?jumpto (an error link), paused there', async () => {
    await mount(hostWith().host, `/${PROJECT}/session/s1?jumpto=${T0 + 8_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:08');
    expect(playerState()).toBe('paused');
    await act(async () => byTestId('player-play')!.click());
    // The Replayer counts from the recording's first event (10 ms in), not the session start.
    expect(replayers[0]!.played.at(-1)).toBe(8_000 - 10);
  });

  it('keeps a ?jumpto outside the session inside it, and ignores a broken one', async () => {
    await mount(hostWith().host, `/${PROJECT}/session/s1?jumpto=${T0 + 90_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:30');
    act(() => root!.unmount());
    await mount(hostWith().host, `/${PROJECT}/session/s1?jumpto=${T0 - 5_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    act(() => root!.unmount());
    await mount(hostWith().host, `/${PROJECT}/session/s1?jumpto=soon`);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    expect(playerState()).toBe('ready');
  });

  it('without autoplay the end stays on this session', async () => {
    const { host, calls } = hostWith();
    await mount(host);
    await act(async () => byTestId('player-play')!.click());
    await act(async () => replayers[0]!.handlers.finish!());
    await settle();
    expect(playerState()).toBe('ended');
    expect(byTestId('player-time')?.textContent).toBe('0:30');
    expect(calls).not.toContain(`GET /${PROJECT}/sessions2/s2`);
  });
});

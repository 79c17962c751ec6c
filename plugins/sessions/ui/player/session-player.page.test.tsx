// @vitest-environment happy-dom
import { act, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fillSlot, NOT_ALLOWED_TEXT, UiRegistryContext } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type ContributedTimelineMarker, type PlayerHeaderActionProps, type PlayerTimelineMarkersProps } from '../../api.js';
import { byTestId as findByTestId, cleanup, click, fakeAccount, fakeHost, hover, renderPage, settle, type FakeHost, type RenderedPage } from '@cassette/plugin-sdk/testing/ui';
import type { RecordingIndex } from '../../shared/recording.js';
import type { Session } from '../../shared/session.js';
import { NO_RECORDING_TEXT, SESSION_NOT_FOUND_TEXT } from './player-errors.js';

// The real Replayer needs a real browser (the browser tests under tests/e2e cover it); this stand-in
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

interface Answers {
  session?: () => unknown;
  index?: () => unknown;
}

/** A member allowed to replay (not to use the developer tools, unless given), and the session's routes as the server answers them. */
function hostWith(answers: Answers = {}, permissions: ('SESSION_REPLAY' | 'DEV_TOOLS')[] = ['SESSION_REPLAY'], appearance: Record<string, unknown> = {}): FakeHost {
  let favorite = false;
  return fakeHost({
    account: fakeAccount({ admin: false, roleId: 1, permissions, appearance }),
    projects: [],
    routes: {
      [`GET /${PROJECT}/sessions2/s1`]: () => (answers.session ? answers.session() : sessionFixture()),
      [`GET /${PROJECT}/sessions2/s1/recording`]: () => (answers.index ? answers.index() : INDEX),
      ...Object.fromEntries(INDEX.chunks.map(({ seq }) => [`GET /${PROJECT}/sessions2/s1/recording/${seq}`, () => chunk(seq)])),
      [`GET /${PROJECT}/sessions2/s1/favorite`]: () => ({ favorite: (favorite = !favorite) }),
      [`POST /${PROJECT}/sessions2/s1/viewed`]: () => ({}),
    },
  });
}

const paths = (method: FakeHost['api']['get']) => method.mock.calls.map(([path]) => path);

let page: RenderedPage<FakeHost>;

beforeEach(() => {
  replayers.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

/** The page on its route, once the session and its recording have loaded. */
async function open(host: FakeHost, url = `/${PROJECT}/session/s1`) {
  page = renderPage(<SessionPlayerPage />, url, '/:siteId/session/:sessionId', { host });
  // The index, then each chunk: a few rounds of answers.
  await settle();
  await settle();
  return page.container;
}

const byTestId = (id: string) => findByTestId(page.container, id);
const playerState = () => byTestId('session-player')!.getAttribute('data-player-state');

describe('session player page', () => {
  it('shows who and when, streams the recording into a sandboxed replay and is ready to play', async () => {
    await open(hostWith());
    expect(byTestId('player-user')?.textContent).toBe('ada@shop.test');
    expect(page.container.textContent).toContain('Chrome 120');
    expect(page.container.textContent).toContain('Mac OS 14');
    expect(page.container.textContent).toContain('France');
    expect(playerState()).toBe('ready');
    expect(replayers).toHaveLength(1);
    expect(byTestId('player-replay')!.contains(replayers[0]!.wrapper)).toBe(true);
    expect(replayers[0]!.iframe.getAttribute('sandbox')).toBe('allow-same-origin');
    // Both chunks reached the Replayer, in order.
    expect(replayers[0]!.events.map((e) => e.timestamp - T0)).toEqual([10, 20, 10_000]);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    expect(page.container.textContent).toContain('0:30');
  });

  it('marks the session viewed once, on the first play', async () => {
    const host = hostWith();
    await open(host);
    await click(byTestId('player-play')!);
    expect(playerState()).toBe('playing');
    expect(byTestId('player-play')!.getAttribute('aria-label')).toBe('Pause');
    await click(byTestId('player-play')!);
    await click(byTestId('player-play')!);
    await settle();
    expect(paths(host.api.post)).toEqual([`/${PROJECT}/sessions2/s1/viewed`]);
  });

  it('draws page visits, clicks, rage clicks, errors and issues on the timeline; a marker seeks', async () => {
    await open(hostWith());
    const markers = [...page.container.querySelectorAll<HTMLElement>('[data-marker-type]')];
    expect(markers.map((m) => m.dataset.markerType)).toEqual(['location', 'click', 'click_rage', 'error', 'issue']);
    expect(markers[2]!.title).toContain('Click Rage');
    expect(markers[4]!.title).toContain('Bad Requests: GET /api 500');
    await hover(markers[2]);
    expect(byTestId('player-marker-tip')?.textContent).toBe('Click Rage: 5 clicks on Buy (0:06)');
    await click(markers[3]);
    expect(byTestId('player-time')?.textContent).toBe('0:08');
    expect(playerState()).toBe('paused');
  });

  it('offers every panel in the bottom bar and guards the developer ones', async () => {
    await open(hostWith());
    const toggles = [...page.container.querySelectorAll<HTMLElement>('[data-testid^="panel-toggle-"]')].map((b) => b.dataset.testid);
    expect(toggles).toEqual(expect.arrayContaining(['panel-toggle-console', 'panel-toggle-network', 'panel-toggle-events']));
    await click(byTestId('panel-toggle-console')!);
    expect(byTestId('player-panel')?.textContent).toContain(NOT_ALLOWED_TEXT);
    await click(byTestId('panel-toggle-console')!);
    expect(byTestId('player-panel')).toBeNull();
  });

  it("offers the developer panels only while the member's appearance shows developer tools", async () => {
    const toggles = () => [...page.container.querySelectorAll<HTMLElement>('[data-testid^="panel-toggle-"]')].map((b) => b.dataset.testid);
    await open(hostWith({}, ['SESSION_REPLAY', 'DEV_TOOLS'], { role: 'po' }));
    expect(toggles()).toEqual(['panel-toggle-errors', 'panel-toggle-events', 'panel-toggle-issues', 'panel-toggle-metadata']);
    cleanup();
    await open(hostWith({}, ['SESSION_REPLAY', 'DEV_TOOLS'], { role: 'dev' }));
    expect(toggles()).toEqual(expect.arrayContaining(['panel-toggle-console', 'panel-toggle-network', 'panel-toggle-performance']));
    await click(byTestId('panel-toggle-console')!);
    expect(byTestId('player-panel')?.textContent).not.toContain(NOT_ALLOWED_TEXT);
  });

  it('toggles favorite through the API and shows the answer', async () => {
    const host = hostWith();
    await open(host);
    expect(byTestId('player-favorite')!.getAttribute('aria-pressed')).toBe('false');
    await click(byTestId('player-favorite')!);
    await settle();
    expect(paths(host.api.get)).toContain(`/${PROJECT}/sessions2/s1/favorite`);
    expect(byTestId('player-favorite')!.getAttribute('aria-pressed')).toBe('true');
  });

  it('says what to do when there is no recording yet, and tries again', async () => {
    let answer: () => unknown = () => ({ startedAt: T0, chunks: [] });
    const host = hostWith({ index: () => answer() });
    await open(host);
    expect(playerState()).toBe('error');
    expect(byTestId('player-error')?.textContent).toContain(NO_RECORDING_TEXT);
    answer = () => INDEX;
    const retry = [...byTestId('player-error')!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    await click(retry);
    await settle();
    expect(paths(host.api.get).filter((p) => p === `/${PROJECT}/sessions2/s1/recording`).length).toBeGreaterThanOrEqual(2);
    expect(playerState()).toBe('ready');
  });

  it('a missing session says so and offers the way back', async () => {
    const host = hostWith({
      session: () => {
        throw new ApiError(404, ['Session not found']);
      },
    });
    await open(host);
    expect(page.container.querySelector('[role="alert"]')?.textContent).toContain(SESSION_NOT_FOUND_TEXT);
    expect(byTestId('player-replay')).toBeNull();
  });

  it('autoplay is remembered and, at the end, moves to the next session', async () => {
    const host = hostWith();
    await open(host);
    await click(byTestId('player-autoplay')!);
    expect(byTestId('player-autoplay')!.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('cassette.player.autoplay')).toBe('1');
    await click(byTestId('player-play')!);
    await act(async () => replayers[0]!.handlers.finish!());
    await settle();
    expect(paths(host.api.get)).toContain(`/${PROJECT}/sessions2/s2`);
  });

  it('opens at the moment given by ?jumpto (an error link), paused there', async () => {
    await open(hostWith(), `/${PROJECT}/session/s1?jumpto=${T0 + 8_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:08');
    expect(playerState()).toBe('paused');
    await click(byTestId('player-play')!);
    // The Replayer counts from the recording's first event (10 ms in), not the session start.
    expect(replayers[0]!.played.at(-1)).toBe(8_000 - 10);
  });

  it('keeps a ?jumpto outside the session inside it, and ignores a broken one', async () => {
    await open(hostWith(), `/${PROJECT}/session/s1?jumpto=${T0 + 90_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:30');
    page.unmount();
    await open(hostWith(), `/${PROJECT}/session/s1?jumpto=${T0 - 5_000}`);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    page.unmount();
    await open(hostWith(), `/${PROJECT}/session/s1?jumpto=soon`);
    expect(byTestId('player-time')?.textContent).toBe('0:00');
    expect(playerState()).toBe('ready');
  });

  it('without autoplay the end stays on this session', async () => {
    const host = hostWith();
    await open(host);
    await click(byTestId('player-play')!);
    await act(async () => replayers[0]!.handlers.finish!());
    await settle();
    expect(playerState()).toBe('ended');
    expect(byTestId('player-time')?.textContent).toBe('0:30');
    expect(paths(host.api.get)).not.toContain(`/${PROJECT}/sessions2/s2`);
  });

  it("shows other plugins' header actions with the session and the player's current time", async () => {
    const seen: PlayerHeaderActionProps[] = [];
    const ReportButton = (props: PlayerHeaderActionProps) => {
      seen.push(props);
      return <button type="button" data-testid="report-action">{`Report ${props.session.sessionId} at ${props.currentTime}`}</button>;
    };
    const fills = [fillSlot(sessionsSlots.playerHeaderActions, { id: 'tools.report', component: ReportButton, order: 10 })];
    page = renderPage(
      <UiRegistryContext.Provider value={{ fills }}>
        <SessionPlayerPage />
      </UiRegistryContext.Provider>,
      `/${PROJECT}/session/s1`,
      '/:siteId/session/:sessionId',
      { host: hostWith() },
    );
    await settle();
    await settle();
    expect(byTestId('report-action')!.textContent).toBe('Report s1 at 0');
    expect(seen.at(-1)!.projectId).toBe(PROJECT);
    await click(page.container.querySelector<HTMLElement>('[data-marker-type="error"]'));
    expect(byTestId('report-action')!.textContent).toBe('Report s1 at 8000');
  });

  describe("other plugins' timeline markers", () => {
    const BACKEND: ContributedTimelineMarker[] = [
      { key: 'b1', time: 15_000, level: 'error', label: 'payment declined' },
      { key: 'b0', time: 3_000, level: 'warn', label: 'slow query' },
      { key: 'b2', time: 24_000, level: 'info', label: 'GET /api/cart 200' },
    ];
    const seen: PlayerTimelineMarkersProps[] = [];
    // Hands its markers over once, as a fill does when its data has arrived.
    function BackendMarkers(props: PlayerTimelineMarkersProps) {
      seen.push(props);
      useEffect(() => props.showMarkers(BACKEND), [props.showMarkers]);
      return null;
    }
    const fills = [fillSlot(sessionsSlots.playerTimelineMarkers, { id: 'tools.backend', label: 'Backend log', component: BackendMarkers, order: 10, permission: 'DEV_TOOLS' })];

    async function openWith(host: FakeHost) {
      seen.length = 0;
      page = renderPage(
        <UiRegistryContext.Provider value={{ fills }}>
          <SessionPlayerPage />
        </UiRegistryContext.Provider>,
        `/${PROJECT}/session/s1`,
        '/:siteId/session/:sessionId',
        { host },
      );
      await settle();
      await settle();
    }
    const contributed = () => [...page.container.querySelectorAll<HTMLElement>('[data-marker-type="contributed"]')];

    it('are drawn among the own markers, where they happened, by level, titled with the fill; one seeks', async () => {
      await openWith(hostWith({}, ['SESSION_REPLAY', 'DEV_TOOLS']));
      expect(seen.at(-1)!.projectId).toBe(PROJECT);
      expect(seen.at(-1)!.session.sessionId).toBe('s1');
      const all = [...page.container.querySelectorAll<HTMLElement>('[data-marker-type]')].map((m) => m.dataset.markerType);
      expect(all).toEqual(['location', 'click', 'contributed', 'click_rage', 'error', 'issue', 'contributed', 'contributed']);
      // The session lasts 30 s.
      expect(contributed().map((m) => [m.style.left, m.dataset.markerLevel])).toEqual([
        ['10%', 'warn'],
        ['50%', 'error'],
        ['80%', 'info'],
      ]);
      expect(contributed()[1]!.title).toBe('Backend log: payment declined (0:15)');
      await hover(contributed()[0]);
      expect(byTestId('player-marker-tip')?.textContent).toBe('Backend log: slow query (0:03)');
      await click(contributed()[1]);
      expect(byTestId('player-time')?.textContent).toBe('0:15');
      expect(playerState()).toBe('paused');
    });

    it('needing Developer Tools, are neither asked for nor drawn for a viewer without it', async () => {
      await openWith(hostWith());
      expect(seen).toHaveLength(0);
      expect(contributed()).toHaveLength(0);
      expect(page.container.querySelectorAll('[data-marker-type="error"]')).toHaveLength(1);
    });
  });
});

// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, byTestId, cleanup, fakeHost, renderPage, type FakeHostOptions, type FakeRoutes } from '@cassette/plugin-sdk/testing/ui';
import { NEW_ERRORS_REFRESH_MS, NEW_ERRORS_WINDOW_MS } from '../../api.js';
import { calledPaths } from '../../testing/error-fixtures.js';
import { announceErrorsSeen } from './errors-seen-signal.js';
import { NewErrorsBadge } from './new-errors-badge.js';

const NOW = Date.UTC(2026, 10, 21, 14, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function hostCounting(counts: Record<number, number[]>, overrides: FakeHostOptions = {}) {
  const routes: FakeRoutes = {};
  for (const [siteId, answers] of Object.entries(counts)) routes[`GET /${siteId}/errors/stats`] = () => ({ unresolvedUnviewed: answers.length > 1 ? answers.shift() : answers[0] });
  return fakeHost({ ...overrides, routes });
}

const showBadge = (host: ReturnType<typeof fakeHost>, siteId: number) => renderPage(<NewErrorsBadge siteId={siteId} />, '/', '*', { host });

describe('the new-errors badge', () => {
  it('asks for the last 7 days and shows the count', async () => {
    const host = hostCounting({ 7: [3] });
    const { container } = showBadge(host, 7);
    await advance(0);
    expect(calledPaths(host.api.get)).toEqual([`/7/errors/stats?startTimestamp=${NOW - NEW_ERRORS_WINDOW_MS}&endTimestamp=${NOW}`]);
    expect(byTestId(container, 'new-errors-badge')!.textContent).toBe('3');
    expect(byTestId(container, 'new-errors-badge')!.title).toBe('3 new errors in the last 7 days');
  });

  it('refreshes every 5 minutes and disappears at zero', async () => {
    const host = hostCounting({ 7: [2, 5, 0] });
    const { container } = showBadge(host, 7);
    await advance(0);
    expect(byTestId(container, 'new-errors-badge')!.textContent).toBe('2');
    await advance(NEW_ERRORS_REFRESH_MS - 1);
    expect(host.api.get).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(host.api.get).toHaveBeenCalledTimes(2);
    expect(host.api.get.mock.calls[1]![0]).toBe(`/7/errors/stats?startTimestamp=${NOW + NEW_ERRORS_REFRESH_MS - NEW_ERRORS_WINDOW_MS}&endTimestamp=${NOW + NEW_ERRORS_REFRESH_MS}`);
    expect(byTestId(container, 'new-errors-badge')!.textContent).toBe('5');
    await advance(NEW_ERRORS_REFRESH_MS);
    expect(byTestId(container, 'new-errors-badge')).toBeNull();
  });

  it('follows the selected project and stops polling when unmounted', async () => {
    const host = hostCounting({ 7: [4], 8: [1] });
    const first = showBadge(host, 7);
    await advance(0);
    first.unmount();
    const again = showBadge(host, 8);
    await advance(0);
    expect(calledPaths(host.api.get).at(-1)).toMatch(/^\/8\/errors\/stats\?/);
    expect(byTestId(again.container, 'new-errors-badge')!.textContent).toBe('1');
    expect(first.container.isConnected).toBe(false);
    again.unmount();
    const before = host.api.get.mock.calls.length;
    await advance(3 * NEW_ERRORS_REFRESH_MS);
    expect(host.api.get.mock.calls.length).toBe(before);
  });

  it('refreshes at once when an error is opened', async () => {
    const host = hostCounting({ 7: [2, 1] });
    const { container } = showBadge(host, 7);
    await advance(0);
    await act(async () => announceErrorsSeen());
    await advance(0);
    expect(byTestId(container, 'new-errors-badge')!.textContent).toBe('1');
  });

  it('never asks, and shows nothing, without the Errors permission', async () => {
    const host = hostCounting({ 7: [3] }, { hasPermission: (p) => p === 'SESSION_REPLAY' });
    const { container } = showBadge(host, 7);
    await advance(NEW_ERRORS_REFRESH_MS * 2);
    expect(host.api.get).not.toHaveBeenCalled();
    expect(byTestId(container, 'new-errors-badge')).toBeNull();
  });

  it('keeps the last count when a refresh fails', async () => {
    const { ApiError } = await import('@cassette/plugin-sdk/ui');
    let fail = false;
    const host = fakeHost({
      routes: {
        'GET /7/errors/stats': () => {
          if (fail) throw new ApiError(0, ['Connection error']);
          return { unresolvedUnviewed: 6 };
        },
      },
    });
    const { container } = showBadge(host, 7);
    await advance(0);
    fail = true;
    await advance(NEW_ERRORS_REFRESH_MS);
    expect(byTestId(container, 'new-errors-badge')!.textContent).toBe('6');
  });
});

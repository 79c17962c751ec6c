// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { answerClaims, isClaimed, type OpenTabChannel, type TabChannel } from './tab-claim';

/** Channels of one browser profile: a message reaches every other open channel, asynchronously. */
class Hub {
  readonly open = new Set<TabChannel>();
  channel: OpenTabChannel = () => {
    const ch: TabChannel = {
      onmessage: null,
      postMessage: (data) => {
        for (const other of this.open) {
          if (other !== ch) setTimeout(() => this.open.has(other) && other.onmessage?.({ data } as MessageEvent), 1);
        }
      },
      close: () => this.open.delete(ch),
    };
    this.open.add(ch);
    return ch;
  };
}

/** A page of its own (a tab): only its own pagehide / pageshow reach it. */
const page = () => new EventTarget() as unknown as Window;
const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) => Object.assign(new Event(type), { persisted });

let disposers: Array<() => void> = [];
afterEach(() => {
  for (const d of disposers) d();
  disposers = [];
});

describe('who records a stored session', () => {
  it('a duplicated tab finds the live tab that records the session', async () => {
    const hub = new Hub();
    disposers.push(answerClaims(page(), hub.channel, () => 's1'));
    await expect(isClaimed(hub.channel, 's1', 100)).resolves.toBe(true);
    // Asking leaves no channel open behind it.
    expect(hub.open.size).toBe(1);
  });

  it('a navigation in the same tab finds no owner: the previous page is gone', async () => {
    const hub = new Hub();
    const previous = page();
    disposers.push(answerClaims(previous, hub.channel, () => 's1'));
    previous.dispatchEvent(transition('pagehide', false));
    const started = Date.now();
    await expect(isClaimed(hub.channel, 's1', 50)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('a page in the back-forward cache does not answer, and answers again once shown', async () => {
    const hub = new Hub();
    const cached = page();
    disposers.push(answerClaims(cached, hub.channel, () => 's1'));
    cached.dispatchEvent(transition('pagehide', true));
    await expect(isClaimed(hub.channel, 's1', 30)).resolves.toBe(false);
    cached.dispatchEvent(transition('pageshow', true));
    await expect(isClaimed(hub.channel, 's1', 100)).resolves.toBe(true);
  });

  it('only the session a page records now counts', async () => {
    const hub = new Hub();
    let current: string | undefined = 's1';
    disposers.push(answerClaims(page(), hub.channel, () => current));
    await expect(isClaimed(hub.channel, 's0', 30)).resolves.toBe(false);
    current = undefined;
    await expect(isClaimed(hub.channel, 's1', 30)).resolves.toBe(false);
  });

  it('without BroadcastChannel nobody is asked and the session is resumed as before', async () => {
    const none: OpenTabChannel = () => undefined;
    const throws: OpenTabChannel = () => {
      throw new Error('SecurityError');
    };
    disposers.push(answerClaims(page(), none, () => 's1'));
    await expect(isClaimed(none, 's1', 10_000)).resolves.toBe(false);
    await expect(isClaimed(throws, 's1', 10_000)).resolves.toBe(false);
  });

  it('a stopped tracker stops answering', async () => {
    const hub = new Hub();
    const dispose = answerClaims(page(), hub.channel, () => 's1');
    dispose();
    expect(hub.open.size).toBe(0);
    await expect(isClaimed(hub.channel, 's1', 30)).resolves.toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { MUTED_BY_BROWSER, playMutedWhenSoundIsRefused, SOUND_ALLOWED_EVENT, SOUND_REFUSED_EVENT } from './media-autoplay.js';

/** A media element whose browser refuses sound until `activated`, as Chromium's autoplay policy does. */
function fakeWindow() {
  const state = { activated: false, plays: 0, unsupported: false };
  // The replay's iframe element, in the player page: it hears what the media tells the player.
  const told: string[] = [];
  const frameElement = { dispatchEvent: (event: Event) => told.push(event.type) };
  class FakeMedia {
    ownerDocument = { defaultView: { frameElement } };
    muted = false;
    paused = true;
    attributes = new Map<string, string>();
    play(): Promise<void> {
      state.plays++;
      if (state.unsupported) return Promise.reject(Object.assign(new Error('no supported source'), { name: 'NotSupportedError' }));
      if (!this.muted && !state.activated) return Promise.reject(Object.assign(new Error('the user did not interact'), { name: 'NotAllowedError' }));
      this.paused = false;
      return Promise.resolve();
    }
    hasAttribute(name: string) {
      return this.attributes.has(name);
    }
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    }
    removeAttribute(name: string) {
      this.attributes.delete(name);
    }
  }
  return { win: { HTMLMediaElement: FakeMedia as unknown as { prototype: HTMLMediaElement } }, FakeMedia, state, told };
}

describe('playMutedWhenSoundIsRefused', () => {
  it('plays muted and marks the element when the browser refuses sound, and plays with sound once the viewer interacted', async () => {
    const { win, FakeMedia, state, told } = fakeWindow();
    playMutedWhenSoundIsRefused(win);
    playMutedWhenSoundIsRefused(win); // Twice is once: replays are rebuilt in the same window.
    const media = new FakeMedia();
    await media.play();
    expect(media).toMatchObject({ muted: true, paused: false });
    expect(media.attributes.has(MUTED_BY_BROWSER)).toBe(true);
    expect(state.plays).toBe(2);
    expect(told).toEqual([SOUND_REFUSED_EVENT]);

    // The Replayer syncs the recorded state after the viewer's click: unmuted, and allowed now.
    state.activated = true;
    media.muted = false;
    await media.play();
    expect(media.muted).toBe(false);
    expect(media.attributes.has(MUTED_BY_BROWSER)).toBe(false);
    expect(told).toEqual([SOUND_REFUSED_EVENT, SOUND_ALLOWED_EVENT]);
    await media.play();
    expect(told, 'said once').toHaveLength(2);
  });

  it('passes other failures on, without muting the element', async () => {
    const { win, FakeMedia, state } = fakeWindow();
    playMutedWhenSoundIsRefused(win);
    state.unsupported = true;
    const media = new FakeMedia();
    await expect(media.play()).rejects.toMatchObject({ name: 'NotSupportedError' });
    expect(media.muted).toBe(false);
    expect(state.plays).toBe(1);
  });

  it('does nothing without a window', () => {
    expect(() => playMutedWhenSoundIsRefused(null)).not.toThrow();
  });
});

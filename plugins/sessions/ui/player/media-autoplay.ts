/**
 * Keeps replayed video and audio moving when the viewer's browser refuses sound.
 *
 * rrweb's Replayer calls `play()` on a replayed `<video>`/`<audio>` whenever the recording says
 * it was playing. Chromium allows media with sound only in a page the viewer interacted with
 * (sticky user activation, which the replay's same-origin iframe shares with the player page):
 * a click on Play, or on the session in the list, is one. A player opened straight from a link
 * with autoplay on has none; `play()` is then refused and the media would sit still while the
 * replay runs. So a refused `play()` is retried muted, which browsers always allow, and the
 * element is marked; the next time the Replayer syncs the element (the viewer's click on Play or
 * a seek) it sets the recorded `muted` again, and with the click's activation the sound plays.
 */

/** Set on a replayed media element that plays muted because the browser refused its sound. */
export const MUTED_BY_BROWSER = 'data-cassette-muted-by-browser';
/** Fired on the replay's iframe element (it bubbles in the player page) when sound was refused / plays again. */
export const SOUND_REFUSED_EVENT = 'cassette:sound-refused';
export const SOUND_ALLOWED_EVENT = 'cassette:sound-allowed';

/** Tells the player page, through the iframe element that holds the replay. */
function tellPlayer(media: HTMLMediaElement, type: string): void {
  const frame = media.ownerDocument?.defaultView?.frameElement;
  frame?.dispatchEvent(new Event(type, { bubbles: true }));
}

const PATCHED = Symbol.for('cassette.mediaAutoplay');

interface MediaWindow {
  HTMLMediaElement?: { prototype: HTMLMediaElement };
}

function isAutoplayRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError';
}

/** Makes `play()` of every media element of the replay's window fall back to muted playback. */
export function playMutedWhenSoundIsRefused(win: MediaWindow | null | undefined): void {
  const proto = win?.HTMLMediaElement?.prototype as (HTMLMediaElement & { [PATCHED]?: true }) | undefined;
  if (!proto || proto[PATCHED]) return;
  const play = proto.play;
  proto.play = function playOrPlayMuted(this: HTMLMediaElement): Promise<void> {
    return play.call(this).then(
      () => {
        if (this.muted || !this.hasAttribute(MUTED_BY_BROWSER)) return;
        this.removeAttribute(MUTED_BY_BROWSER);
        tellPlayer(this, SOUND_ALLOWED_EVENT);
      },
      (error: unknown) => {
        if (!isAutoplayRefusal(error) || this.muted) throw error;
        this.muted = true;
        this.setAttribute(MUTED_BY_BROWSER, '');
        tellPlayer(this, SOUND_REFUSED_EVENT);
        return play.call(this);
      },
    );
  };
  Object.defineProperty(proto, PATCHED, { value: true });
}

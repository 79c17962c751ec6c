// @vitest-environment happy-dom
import { act, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SOUND_ALLOWED_EVENT, SOUND_REFUSED_EVENT } from './media-autoplay.js';
import { SoundRefusedNote } from './sound-refused-note.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Stage() {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div>
      <div ref={ref}>
        {/* Stands for the replay's iframe element, on which the media's news arrives. */}
        <div className="frame" />
      </div>
      <SoundRefusedNote replayRef={ref} />
    </div>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('SoundRefusedNote', () => {
  it('shows while the replay plays muted because the browser refused sound, and goes once sound plays', () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root!.render(<Stage />));
    const note = () => container.querySelector('[data-testid="player-sound-refused"]');
    const frame = container.querySelector('.frame')!;
    expect(note()).toBeNull();
    act(() => void frame.dispatchEvent(new Event(SOUND_REFUSED_EVENT, { bubbles: true })));
    expect(note()?.textContent).toContain('Press Play to hear it');
    act(() => void frame.dispatchEvent(new Event(SOUND_ALLOWED_EVENT, { bubbles: true })));
    expect(note()).toBeNull();
  });
});

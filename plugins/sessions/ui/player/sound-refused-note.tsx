import { useEffect, useState, type RefObject } from 'react';
import { SOUND_ALLOWED_EVENT, SOUND_REFUSED_EVENT } from './media-autoplay.js';

/**
 * Says so while the replay's video or audio plays muted because the viewer's browser refused
 * its sound (see media-autoplay.ts): a click on Play gives it back.
 */
export function SoundRefusedNote({ replayRef }: { replayRef: RefObject<HTMLElement | null> }) {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const root = replayRef.current;
    if (!root) return;
    const onRefused = () => setRefused(true);
    const onAllowed = () => setRefused(false);
    root.addEventListener(SOUND_REFUSED_EVENT, onRefused);
    root.addEventListener(SOUND_ALLOWED_EVENT, onAllowed);
    return () => {
      root.removeEventListener(SOUND_REFUSED_EVENT, onRefused);
      root.removeEventListener(SOUND_ALLOWED_EVENT, onAllowed);
    };
  }, [replayRef]);
  if (!refused) return null;
  return (
    <div className="cs-player__note" role="status" data-testid="player-sound-refused">
      Sound is muted by your browser. Press Play to hear it.
    </div>
  );
}

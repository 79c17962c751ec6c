export type ShortcutAction = 'toggle-play' | 'back' | 'forward' | 'fullscreen' | 'previous-session' | 'next-session';

/** The keyboard shortcuts, as the help tooltip lists them. */
export const PLAYER_SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Space', does: 'Play / pause' },
  { keys: '← / →', does: 'Back / forward 5 seconds' },
  { keys: 'F', does: 'Fullscreen' },
  { keys: 'Shift + ← / →', does: 'Previous / next session' },
];

interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target: EventTarget | null;
}

/** Typing in a field (the event search, a panel filter) must not drive the player. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean; type?: string } | null;
  if (!el || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select' || el.isContentEditable === true) return true;
  if (tag !== 'input') return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes((el.type ?? 'text').toLowerCase());
}

function isActivatable(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; type?: string } | null;
  const tag = typeof el?.tagName === 'string' ? el.tagName.toLowerCase() : '';
  return tag === 'button' || tag === 'a' || tag === 'summary' || (tag === 'input' && ['button', 'checkbox', 'radio', 'submit', 'reset'].includes((el?.type ?? '').toLowerCase()));
}

/** What a key press asks of the player, or null when it is not a player shortcut. */
export function playerShortcut(e: KeyLike): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return null;
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      // Space on a focused button or link activates it; taking it over would act twice.
      return e.shiftKey || isActivatable(e.target) ? null : 'toggle-play';
    case 'ArrowLeft':
      return e.shiftKey ? 'previous-session' : 'back';
    case 'ArrowRight':
      return e.shiftKey ? 'next-session' : 'forward';
    case 'f':
    case 'F':
      return 'fullscreen';
    default:
      return null;
  }
}

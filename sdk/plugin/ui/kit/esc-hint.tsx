import { useEffect, useRef } from 'react';
import { CloseIcon } from './icons.js';
import './esc-hint.css';

export interface EscHintProps {
  onClose(): void;
  /**
   * Also close on the Escape key. Leave it off inside a SidePanel or Modal: they already close on
   * Escape. Turn it on for full-screen views that are not overlays.
   */
  bindEscape?: boolean;
}

/** The spec's ESC close hint: a close button that says Escape also closes. */
export function EscHint({ onClose, bindEscape = false }: EscHintProps) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!bindEscape) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [bindEscape]);

  return (
    <button type="button" className="cs-esc-hint" aria-label="Close (Esc)" title="Press Esc to close" onClick={onClose}>
      <CloseIcon size={14} />
      <kbd className="cs-esc-hint__key">ESC</kbd>
    </button>
  );
}

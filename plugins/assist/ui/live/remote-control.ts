import type { AgentInput } from '../../shared/messages.js';
import type { LivePlayer } from './live-player.js';

const KEYS = new Set(['Enter', 'Backspace', 'Tab']);
/** Pointer positions sent at most this often. */
const POINTER_EVERY_MS = 50;

/**
 * While the visitor lets the agent control their page: a click on the replay is a click on the
 * same node of the visitor's page (the recording's node id names it), typed characters go to the
 * node clicked last, and the pointer follows. The agent's pointer lands on `layer`, a pane over
 * the replay in the agent's own page: the replay's document is rebuilt at each snapshot (which
 * drops listeners on it), and the sandboxed replay never handles the agent's events itself.
 * The visitor's tracker decides what it acts on.
 */
export function controlInputs(player: LivePlayer, layer: HTMLElement, send: (input: AgentInput) => void): () => void {
  let target = 0;
  let lastPointer = 0;
  const pointAt = (event: MouseEvent) => {
    const frame = player.iframe;
    if (!frame) return null;
    const rect = frame.getBoundingClientRect();
    if (!rect.width || !rect.height) return null;
    return { frame, rect, x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    const point = pointAt(event);
    const el = point?.frame.contentDocument?.elementFromPoint(point.x, point.y);
    const id = el ? player.nodeIdOf(el) : 0;
    if (!id) return;
    target = id;
    send({ kind: 'click', id });
  };
  const onKey = (event: KeyboardEvent) => {
    if (!target || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]')) return;
    if (event.key.length === 1) send({ kind: 'type', id: target, text: event.key });
    else if (KEYS.has(event.key)) send({ kind: 'key', id: target, key: event.key as 'Enter' | 'Backspace' | 'Tab' });
    else return;
    event.preventDefault();
  };
  const onMove = (event: MouseEvent) => {
    const t = Date.now();
    if (t - lastPointer < POINTER_EVERY_MS) return;
    lastPointer = t;
    const point = pointAt(event);
    if (!point) return;
    send({ kind: 'pointer', x: Math.min(1, Math.max(0, point.x / point.rect.width)), y: Math.min(1, Math.max(0, point.y / point.rect.height)) });
  };
  layer.addEventListener('click', onClick);
  layer.addEventListener('mousemove', onMove);
  window.addEventListener('keydown', onKey, true);
  return () => {
    layer.removeEventListener('click', onClick);
    layer.removeEventListener('mousemove', onMove);
    window.removeEventListener('keydown', onKey, true);
  };
}

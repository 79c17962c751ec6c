import type { AgentInput } from '../../shared/messages.js';
import type { LivePlayer } from './live-player.js';

const KEYS = new Set(['Enter', 'Backspace', 'Tab']);
/** Pointer positions sent at most this often. */
const POINTER_EVERY_MS = 50;

/**
 * While the visitor lets the agent control their page: a click in the replay is a click on the
 * same node of the visitor's page (the recording's node id names it), typed characters go to the
 * node clicked last, and the pointer follows. The visitor's tracker decides what it acts on.
 */
export function controlInputs(player: LivePlayer, send: (input: AgentInput) => void): () => void {
  const doc = player.iframe?.contentDocument;
  const frame = player.iframe;
  if (!doc || !frame) return () => undefined;
  let target = 0;
  let lastPointer = 0;
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    const id = event.target instanceof Node ? player.nodeIdOf(event.target) : 0;
    if (!id) return;
    target = id;
    send({ kind: 'click', id });
  };
  const onKey = (event: KeyboardEvent) => {
    if (!target || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) send({ kind: 'type', id: target, text: event.key });
    else if (KEYS.has(event.key)) send({ kind: 'key', id: target, key: event.key as 'Enter' | 'Backspace' | 'Tab' });
    else return;
    event.preventDefault();
  };
  const onMove = (event: MouseEvent) => {
    const t = Date.now();
    if (t - lastPointer < POINTER_EVERY_MS) return;
    lastPointer = t;
    const width = doc.documentElement.clientWidth || frame.clientWidth;
    const height = doc.documentElement.clientHeight || frame.clientHeight;
    if (!width || !height) return;
    send({ kind: 'pointer', x: Math.min(1, Math.max(0, event.clientX / width)), y: Math.min(1, Math.max(0, event.clientY / height)) });
  };
  player.interact(true);
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('mousemove', onMove, true);
  doc.addEventListener('keydown', onKey, true);
  window.addEventListener('keydown', onKey, true);
  return () => {
    player.interact(false);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('mousemove', onMove, true);
    doc.removeEventListener('keydown', onKey, true);
    window.removeEventListener('keydown', onKey, true);
  };
}

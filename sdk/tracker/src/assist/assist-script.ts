// The live channel of Cassette Assist, loaded by the tracker only while an agent watches
// (assist-hook.ts). Nothing here may throw into the page or block it: every handler is guarded,
// and an unreachable server just leaves the page as it was (batches go on as always).
import type { AssistHost } from '../assist-hook';
import { ASSIST_SOCKET_PATH, type RecordingEvent, type VisitorCommand, type VisitorMessage } from '../protocol';
import { createPanel, type Panel } from './assist-ui';
import { applyInput } from './remote-input';
import { VisitorCall } from './visitor-call';

/** Events are sent together if they come within this many ms: a burst of mutations is one message. */
const SEND_EVERY_MS = 30;
/** A message larger than the server takes (1 MiB) is not sent: the agents get the next snapshot. */
const MAX_MESSAGE_CHARS = 1_000_000;
const MAX_EVENTS_PER_MESSAGE = 500;

type AssistWindow = Window & { __cassetteAssist?: (host: AssistHost) => void; __cassetteAssistHost?: AssistHost };

const guard =
  <A extends unknown[]>(fn: (...args: A) => void) =>
  (...args: A) => {
    try {
      fn(...args);
    } catch {
      // The page must never see the live channel fail.
    }
  };

function connect(win: AssistWindow, host: AssistHost): void {
  if (active) return;
  let ws: WebSocket;
  try {
    // Beside ingest on the same server: `<server>/api/ingest` → `<server>/api/assist/visitor`.
    const url = new URL(ASSIST_SOCKET_PATH, `${host.ingestPoint}/`);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', host.token());
    ws = new WebSocket(url.href);
  } catch {
    return;
  }
  active = ws;
  let queue: RecordingEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let panel: Panel | null = null;
  const calls = new Map<string, { call: VisitorCall; unbanner: () => void }>();
  let control: { agentId: string; unbanner: () => void; onKey: (e: KeyboardEvent) => void } | null = null;
  const ui = () => (panel ??= createPanel(win.document));
  const send = (message: VisitorMessage) => {
    if (ws.readyState !== 1) return;
    const text = JSON.stringify(message);
    if (text.length <= MAX_MESSAGE_CHARS) ws.send(text);
  };
  const flush = () => {
    timer = undefined;
    while (queue.length) send({ type: 'events', events: queue.splice(0, MAX_EVENTS_PER_MESSAGE) });
  };
  const endCall = (agentId: string, tell: boolean) => {
    const entry = calls.get(agentId);
    if (!entry) return;
    calls.delete(agentId);
    entry.call.hangUp();
    entry.unbanner();
    if (tell) send({ type: 'call', agentId, action: 'ended' });
  };
  const stopControl = (tell: boolean) => {
    if (!control) return;
    const { agentId, unbanner, onKey } = control;
    control = null;
    unbanner();
    win.removeEventListener('keydown', onKey, true);
    panel?.controlFrame(false);
    if (tell) send({ type: 'control', agentId, action: 'stopped' });
  };

  ws.onopen = guard(() => {
    host.tap((event) => {
      queue.push(event);
      timer ??= setTimeout(guard(flush), SEND_EVERY_MS);
    });
    host.snapshot();
  });
  ws.onmessage = guard((message: MessageEvent) => {
    const command = JSON.parse(String(message.data)) as VisitorCommand;
    switch (command.type) {
      case 'snapshot':
        host.snapshot();
        return;
      case 'idle':
        ws.close(1000);
        return;
      case 'call': {
        const { agentId, agentName } = command;
        if (command.action === 'ended') return endCall(agentId, false);
        void ui()
          .ask(`${agentName} of this site's support wants to talk with you${command.video ? ' (with video)' : ''}. Your microphone is used only if you accept.`, 'Accept call', 'Decline')
          .then(
            guard((yes: boolean) => {
              send({ type: 'call', agentId, action: yes ? 'accepted' : 'declined' });
              if (!yes) return;
              const call = new VisitorCall(command.video, command.iceServers ?? [], (signal) => send({ type: 'signal', agentId, signal }), (stream) => ui().audio(stream));
              const unbanner = ui().banner(`call-${agentId}`, `On a call with ${agentName}.`, 'Hang up', () => endCall(agentId, true));
              calls.set(agentId, { call, unbanner });
            }),
          );
        return;
      }
      case 'signal':
        void calls.get(command.agentId)?.call.receive(command.signal).catch(() => endCall(command.agentId, true));
        return;
      case 'control': {
        const { agentId, agentName } = command;
        if (command.action === 'ended') {
          if (control?.agentId === agentId) stopControl(false);
          return;
        }
        void ui()
          .ask(`${agentName} of this site's support asks to guide you by clicking and typing on this page. You see everything they do and can stop at any time (Esc). Password and private fields stay yours.`, 'Allow control', 'Decline')
          .then(
            guard((yes: boolean) => {
              send({ type: 'control', agentId, action: yes ? 'accepted' : 'declined' });
              if (!yes) return;
              stopControl(true);
              const onKey = (e: KeyboardEvent) => e.key === 'Escape' && stopControl(true);
              win.addEventListener('keydown', onKey, true);
              const unbanner = ui().banner('control', `${agentName} is controlling this page.`, 'Stop control', () => stopControl(true));
              control = { agentId, unbanner, onKey };
              ui().controlFrame(true);
            }),
          );
        return;
      }
      case 'input': {
        if (control?.agentId !== command.agentId) return;
        const input = command.input;
        if (input.kind === 'pointer') return ui().pointer(input.x * win.innerWidth, input.y * win.innerHeight);
        const refused = applyInput(input, host.node, win as Window & typeof globalThis);
        if (refused) send({ type: 'refused', agentId: command.agentId, reason: refused });
        return;
      }
    }
  });
  ws.onclose = guard(() => {
    if (active === ws) active = null;
    host.tap(null);
    if (timer) clearTimeout(timer);
    queue = [];
    for (const agentId of [...calls.keys()]) endCall(agentId, false);
    stopControl(false);
    panel?.destroy();
    panel = null;
  });
  ws.onerror = () => undefined;
}

let active: WebSocket | null = null;

guard(() => {
  const win = window as AssistWindow;
  win.__cassetteAssist = (host) => guard(connect)(win, host);
  const host = win.__cassetteAssistHost;
  if (host) win.__cassetteAssist(host);
})();

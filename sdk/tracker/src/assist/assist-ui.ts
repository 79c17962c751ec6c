/**
 * The visitor's side of Cassette Assist on the page: a panel in a shadow root (the site's styles
 * cannot reach it, nor make it look like the site's own), always in the corner, in Cassette's
 * colours and name, saying who asks what and offering the answer.
 */
const STYLE = `
:host { all: initial; }
.box { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; width: 320px; font: 14px/1.4 system-ui, sans-serif;
  color: #fff; background: #1b1035; border: 3px solid #ff6f00; border-radius: 10px; box-shadow: 0 8px 30px rgba(0,0,0,.45); padding: 12px 14px; }
.brand { font-weight: 700; letter-spacing: .02em; color: #ffb74d; display: flex; gap: 6px; align-items: center; margin-bottom: 6px; }
.brand::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: #ff6f00; }
.msg { margin: 0 0 10px; }
.row { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; border-radius: 6px; padding: 6px 12px; cursor: pointer; border: 0; }
.yes { background: #ff6f00; color: #1b1035; font-weight: 700; }
.no { background: #fff; color: #1b1035; }
.pointer { position: fixed; z-index: 2147483647; width: 18px; height: 18px; margin: -9px 0 0 -9px; border-radius: 50%;
  background: rgba(255,111,0,.6); border: 2px solid #ff6f00; pointer-events: none; transition: left .05s linear, top .05s linear; }
.frame { position: fixed; inset: 0; z-index: 2147483646; pointer-events: none; border: 4px solid #ff6f00; }
`;

export interface Panel {
  ask(text: string, accept: string, decline: string): Promise<boolean>;
  /** A lasting banner with one action (hang up, stop control); returns what removes it. */
  banner(id: string, text: string, action: string, onAction: () => void): () => void;
  pointer(x: number, y: number): void;
  controlFrame(on: boolean): void;
  audio(stream: MediaStream): void;
  destroy(): void;
}

export function createPanel(doc: Document): Panel {
  const host = doc.createElement('cassette-assist');
  const root = host.attachShadow({ mode: 'open' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  root.appendChild(style);
  doc.documentElement.appendChild(host);
  const boxes = new Map<string, HTMLElement>();
  let pointer: HTMLElement | null = null;
  let frame: HTMLElement | null = null;
  let audio: HTMLAudioElement | null = null;

  const box = (id: string, text: string, buttons: [string, string, () => void][]) => {
    boxes.get(id)?.remove();
    const el = doc.createElement('div');
    el.className = 'box';
    el.setAttribute('role', 'dialog');
    el.setAttribute('data-cassette', id);
    const brand = doc.createElement('div');
    brand.className = 'brand';
    brand.textContent = 'Cassette Assist';
    const msg = doc.createElement('p');
    msg.className = 'msg';
    msg.textContent = text;
    const row = doc.createElement('div');
    row.className = 'row';
    for (const [label, kind, onClick] of buttons) {
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = kind;
      b.textContent = label;
      b.onclick = onClick;
      row.appendChild(b);
    }
    el.append(brand, msg, row);
    root.appendChild(el);
    boxes.set(id, el);
    return () => {
      el.remove();
      if (boxes.get(id) === el) boxes.delete(id);
    };
  };

  return {
    ask(text, accept, decline) {
      return new Promise((resolve) => {
        const remove = box('ask', text, [
          [decline, 'no', () => (remove(), resolve(false))],
          [accept, 'yes', () => (remove(), resolve(true))],
        ]);
      });
    },
    banner(id, text, action, onAction) {
      return box(id, text, [[action, 'yes', onAction]]);
    },
    pointer(x, y) {
      if (!pointer) {
        pointer = doc.createElement('div');
        pointer.className = 'pointer';
        root.appendChild(pointer);
      }
      pointer.style.left = `${x}px`;
      pointer.style.top = `${y}px`;
    },
    controlFrame(on) {
      if (on && !frame) {
        frame = doc.createElement('div');
        frame.className = 'frame';
        root.appendChild(frame);
      }
      if (!on) {
        frame?.remove();
        frame = null;
        pointer?.remove();
        pointer = null;
      }
    },
    audio(stream) {
      if (!audio) {
        audio = doc.createElement('audio');
        audio.autoplay = true;
        root.appendChild(audio);
      }
      audio.srcObject = stream;
    },
    destroy() {
      host.remove();
    },
  };
}

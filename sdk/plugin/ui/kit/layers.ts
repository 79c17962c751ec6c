/**
 * Open side panels and modals form a stack. While one is open, everything else in <body>
 * (the app, lower layers) is hidden from assistive technology and made inert, so only the
 * top layer can be read and reached. Toasts stay reachable (`data-cs-layer-keep`).
 */
const stack: HTMLElement[] = [];
const HIDDEN_MARK = 'data-cs-layer-hidden';

function apply(): void {
  const top = stack[stack.length - 1];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement)) continue;
    const keep = !top || child === top || child.hasAttribute('data-cs-layer-keep') || child.tagName === 'SCRIPT';
    if (keep) {
      if (child.hasAttribute(HIDDEN_MARK)) {
        child.removeAttribute(HIDDEN_MARK);
        child.removeAttribute('aria-hidden');
        child.inert = false;
      }
    } else if (!child.hasAttribute(HIDDEN_MARK) && child.getAttribute('aria-hidden') !== 'true') {
      child.setAttribute(HIDDEN_MARK, '');
      child.setAttribute('aria-hidden', 'true');
      child.inert = true;
    }
  }
}

export function pushLayer(element: HTMLElement): () => void {
  stack.push(element);
  apply();
  return () => {
    const index = stack.lastIndexOf(element);
    if (index >= 0) stack.splice(index, 1);
    apply();
  };
}

/** Only the top layer reacts to Escape. */
export function isTopLayer(element: HTMLElement): boolean {
  return stack[stack.length - 1] === element;
}

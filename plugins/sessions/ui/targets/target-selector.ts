/**
 * The selector the tracker records for clicks on an element (sdk/tracker/src/selector.ts:
 * `cssSelector(clickTarget(el))`), read from the replayed page, which keeps the recorded ids,
 * classes and element order: a target named here matches the clicks recorded on it.
 */
const MAX_DEPTH = 6;
const INTERACTIVE = 'a,button,input,select,textarea,label,summary,[role="button"],[role="link"],[onclick]';

function escapeIdent(value: string): string {
  if (typeof CSS !== 'undefined' && typeof CSS.escape === 'function') return CSS.escape(value);
  return value.replace(/[^a-zA-Z0-9_-]/g, (c) => '\\' + c);
}

/** Generated ids (`:r1:`, `ember123`, long hex) change between loads: the tracker skips them. */
function stableId(id: string): boolean {
  return /^[a-zA-Z][\w-]*$/.test(id) && !/\d{3,}/.test(id);
}

/** The element a click on `el` is recorded for: the nearest interactive ancestor, else itself. */
export function clickTarget(el: Element): Element {
  return el.closest(INTERACTIVE) ?? el;
}

export function cssSelector(el: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  for (let depth = 0; node && node.nodeType === 1 && depth < MAX_DEPTH; depth++) {
    const tag = node.tagName.toLowerCase();
    if (tag === 'html') break;
    const id = node.getAttribute('id');
    if (id && stableId(id)) {
      parts.unshift('#' + escapeIdent(id));
      break;
    }
    let part = tag;
    const classes = Array.from(node.classList)
      .filter((c) => /^[a-zA-Z][\w-]*$/.test(c))
      .slice(0, 2);
    if (classes.length) part += '.' + classes.map(escapeIdent).join('.');
    const parent: Element | null = node.parentElement;
    if (parent) {
      const same = Array.from(parent.children).filter((c) => c.tagName === node!.tagName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
    }
    parts.unshift(part);
    node = parent;
  }
  return parts.join(' > ');
}

/** A name to start from: the element's aria-label, title or visible text, short. */
export function suggestedLabel(el: Element): string {
  const text = el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent || el.getAttribute('placeholder') || '';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

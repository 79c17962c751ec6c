import { attrOf, childrenOf, classesOf, closestOf, idOf, parentOf, queryOf, tagOf, textOf } from './dom-reads';
import { BLOCK_SELECTOR, isBlocked, MASK_SELECTOR, maskTextFor, obscureText, type PrivacyRules } from './masking';

const MAX_DEPTH = 6;
const MAX_LABEL = 80;

function escapeIdent(value: string): string {
  if (typeof CSS !== 'undefined' && typeof CSS.escape === 'function') return CSS.escape(value);
  return value.replace(/[^a-zA-Z0-9_-]/g, (c) => '\\' + c);
}

/** Generated ids (`:r1:`, `ember123`, long hex) change between loads and make poor search keys. */
function stableId(id: string): boolean {
  return /^[a-zA-Z][\w-]*$/.test(id) && !/\d{3,}/.test(id);
}

/** A short CSS selector that finds the element again on the same page. */
export function cssSelector(el: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  for (let depth = 0; node && node.nodeType === 1 && depth < MAX_DEPTH; depth++) {
    const tag = tagOf(node).toLowerCase();
    if (tag === 'html') break;
    const id = idOf(node);
    if (id && stableId(id)) {
      parts.unshift('#' + escapeIdent(id));
      break;
    }
    let part = tag;
    const classes = classesOf(node).filter((c) => /^[a-zA-Z][\w-]*$/.test(c)).slice(0, 2);
    if (classes.length) part += '.' + classes.map(escapeIdent).join('.');
    const parent: Element | null = parentOf(node);
    if (parent) {
      const same = childrenOf(parent).filter((c) => tagOf(c) === tagOf(node));
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
    }
    parts.unshift(part);
    node = parent;
  }
  return parts.join(' > ');
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_LABEL ? flat.slice(0, MAX_LABEL - 1) + '…' : flat;
}

function fieldLabel(el: Element): string {
  const id = idOf(el);
  if (id && el.ownerDocument) {
    const label = el.ownerDocument.querySelector(`label[for="${escapeIdent(id)}"]`);
    if (label?.textContent) return label.textContent;
  }
  const wrapping = closestOf(el, 'label');
  if (wrapping && textOf(wrapping)) return textOf(wrapping);
  return attrOf(el, 'placeholder') || attrOf(el, 'name') || '';
}

/**
 * What a person would call the element: its aria-label, title, visible text or, for form
 * fields, their label. Masked the same way as page text; nothing from blocked elements.
 */
export function elementLabel(el: Element, rules: PrivacyRules): string {
  if (isBlocked(el)) return '';
  const tag = tagOf(el);
  const isField = tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
  let raw = attrOf(el, 'aria-label') || attrOf(el, 'title') || '';
  if (!raw) {
    if (isField) {
      const type = (attrOf(el, 'type') || '').toLowerCase();
      // A button-like input shows its value; any other field's value is user data, never a label.
      raw = type === 'submit' || type === 'button' ? (el as HTMLInputElement).value || '' : fieldLabel(el);
    } else if (tag !== 'BODY' && tag !== 'HTML') {
      // textContent, not innerText: no layout work inside a click handler.
      raw = textOf(el).slice(0, 500);
      if (!raw) raw = attrOf(el, 'alt') || '';
      // Text of masked or blocked parts inside the element must not leak through its label.
      if (raw && queryOf(el, `${MASK_SELECTOR},${BLOCK_SELECTOR}`)) return obscureText(clip(raw));
    }
  }
  return clip(maskTextFor(clip(raw), el, rules));
}

/** The element a click was meant for: the nearest interactive ancestor, else the target. */
export function clickTarget(el: Element): Element {
  return closestOf(el, 'a,button,input,select,textarea,label,summary,[role="button"],[role="link"],[onclick]') ?? el;
}

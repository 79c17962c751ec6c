import { inputModeFor, maskInputValue, type PrivacyRules } from './masking';
import type { ClickEvent, InputEvent } from './protocol';
import { attrOf, tagOf } from './dom-reads';
import { clickTarget, cssSelector, elementLabel } from './selector';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const SKIPPED_TYPES = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

function isField(el: EventTarget | null): el is Field {
  const tag = tagOf(el);
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

function fieldValue(el: Field): string {
  const type = (attrOf(el, 'type') || '').toLowerCase();
  if (type === 'checkbox' || type === 'radio') return (el as HTMLInputElement).checked ? 'checked' : 'unchecked';
  return el.value ?? '';
}

/** `part` of `whole` in whole percent, kept within 0-100 (a click on a border rounds out of the box). */
const share = (part: number, whole: number): number => Math.min(100, Math.max(0, Math.round((part / whole) * 100)));

/** The input event for a field, masked by the same rules as the DOM recording. */
export function inputEventFor(el: Field, rules: PrivacyRules, ts: number): InputEvent {
  const mode = inputModeFor(el, rules);
  const type = (attrOf(el, 'type') || '').toLowerCase();
  const raw = fieldValue(el);
  // Checkbox state is not personal text; it is kept unless the field is hidden.
  const value = (type === 'checkbox' || type === 'radio') && mode !== 'hidden' ? raw : maskInputValue(raw, mode, rules);
  return { type: 'input', ts, selector: cssSelector(el), label: elementLabel(el, rules), value, mode };
}

/**
 * Clicks (selector + label) and field changes. A field yields one input event per change
 * (the `change` event), not one per keystroke; a field still being typed in when the page
 * hides is reported then.
 */
export function installDomCapture(
  doc: Document,
  rules: PrivacyRules,
  emit: (e: ClickEvent | InputEvent) => void,
  now: () => number,
): { flushPendingInputs: () => void; dispose: () => void } {
  const typing = new Set<Field>();

  const onClick = (ev: MouseEvent) => {
    const raw = ev.target as Element | null;
    if (!raw || raw.nodeType !== 1) return;
    const el = clickTarget(raw);
    const e: ClickEvent = { type: 'click', ts: now(), selector: cssSelector(el), label: elementLabel(el, rules), tag: tagOf(el).toLowerCase() };
    if (Number.isFinite(ev.pageX)) {
      e.x = Math.round(ev.pageX);
      e.y = Math.round(ev.pageY);
      const box = el.getBoundingClientRect?.();
      if (box?.width && box.height) {
        e.rx = share(ev.clientX - box.left, box.width);
        e.ry = share(ev.clientY - box.top, box.height);
      }
    }
    emit(e);
  };
  const onInput = (ev: Event) => {
    const el = ev.composedPath?.()[0] ?? ev.target;
    if (isField(el) && !SKIPPED_TYPES.has((attrOf(el, 'type') || '').toLowerCase())) typing.add(el);
  };
  const onChange = (ev: Event) => {
    const el = ev.composedPath?.()[0] ?? ev.target;
    if (!isField(el) || SKIPPED_TYPES.has((attrOf(el, 'type') || '').toLowerCase())) return;
    typing.delete(el);
    emit(inputEventFor(el, rules, now()));
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onChange, true);
  const flushPendingInputs = () => {
    for (const el of typing) if (el.isConnected) emit(inputEventFor(el, rules, now()));
    typing.clear();
  };
  return {
    flushPendingInputs,
    dispose: () => {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('input', onInput, true);
      doc.removeEventListener('change', onChange, true);
      typing.clear();
    },
  };
}

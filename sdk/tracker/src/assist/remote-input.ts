import { isBlocked, isMasked, isPasswordField } from '../masking';
import type { AgentInput } from '../protocol';

export const REFUSED_PRIVATE = 'That field is private (a password or masked field): the visitor fills it in themselves.';
export const REFUSED_MISSING = 'That element is not on the visitor’s page any more.';
export const REFUSED_NOT_TEXT = 'Only text fields can be typed into.';

/**
 * Acts on the page for an agent in control. Never on a password, masked or blocked field: the
 * agent cannot type into one, and nothing here reads a field's value back. Returns why an input
 * was refused, or null.
 */
export function applyInput(input: AgentInput, node: (id: number) => Node | null, win: Window & typeof globalThis): string | null {
  if (input.kind === 'pointer') return null;
  const el = node(input.id);
  if (!el || !(el instanceof win.Element)) return REFUSED_MISSING;
  if (isPasswordField(el) || isMasked(el) || isBlocked(el)) return REFUSED_PRIVATE;
  if (input.kind === 'click') {
    (el as HTMLElement).focus?.();
    (el as HTMLElement).click?.();
    return null;
  }
  const field = el as HTMLInputElement | HTMLTextAreaElement;
  const textual = el instanceof win.HTMLTextAreaElement || (el instanceof win.HTMLInputElement && /^(text|search|email|url|tel|number|)$/.test(field.type));
  if (!textual || field.readOnly || field.disabled) return REFUSED_NOT_TEXT;
  field.focus();
  if (input.kind === 'type') {
    field.value += input.text;
  } else if (input.key === 'Backspace') {
    field.value = field.value.slice(0, -1);
  } else {
    field.dispatchEvent(new win.KeyboardEvent('keydown', { key: input.key, bubbles: true }));
    if (input.key === 'Enter') field.form?.requestSubmit?.();
    return null;
  }
  field.dispatchEvent(new win.Event('input', { bubbles: true }));
  return null;
}

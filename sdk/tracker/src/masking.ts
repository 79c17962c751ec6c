import type { InputMode, RecordingConfig } from './protocol';
import { attrOf, closestOf, hasAttrOf, tagOf } from './dom-reads';

/** Masking rules in force on this page: the project's settings, made stricter by the site's options. */
export interface PrivacyRules {
  defaultInputMode: InputMode;
  maskEmails: boolean;
  maskNumbers: boolean;
}

export const MASK_SELECTOR = '[data-cassette-mask],.cassette-mask';
export const BLOCK_SELECTOR = '[data-cassette-hide],[data-cassette-block],.cassette-block';

const STRICTNESS: Record<InputMode, number> = { plain: 0, obscured: 1, hidden: 2 };

export function stricterMode(a: InputMode, b: InputMode | undefined): InputMode {
  return b && STRICTNESS[b] > STRICTNESS[a] ? b : a;
}

/** Site options can only tighten what the server asked for. */
export function resolvePrivacy(
  server: Pick<RecordingConfig, 'defaultInputMode' | 'maskEmails' | 'maskNumbers'>,
  local: { defaultInputMode?: InputMode; obscureTextEmails?: boolean; obscureTextNumbers?: boolean },
): PrivacyRules {
  return {
    defaultInputMode: stricterMode(server.defaultInputMode, local.defaultInputMode),
    maskEmails: server.maskEmails || local.obscureTextEmails === true,
    maskNumbers: server.maskNumbers || local.obscureTextNumbers === true,
  };
}

/** Same length, so the replay keeps its layout. */
export function obscure(text: string): string {
  return '*'.repeat(text.length);
}

/** Keeps whitespace so wrapped text keeps its shape in the replay. */
export function obscureText(text: string): string {
  return text.replace(/\S/g, '*');
}

const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

export function obscureEmails(text: string): string {
  return text.replace(EMAIL, (m) => obscure(m));
}

export function obscureNumbers(text: string): string {
  return text.replace(/\d/g, '*');
}

export function maskFreeText(text: string, rules: Pick<PrivacyRules, 'maskEmails' | 'maskNumbers'>): string {
  let out = text;
  if (rules.maskEmails) out = obscureEmails(out);
  if (rules.maskNumbers) out = obscureNumbers(out);
  return out;
}

/** Console lines have emails masked when the project masks them (numbers in logs are kept: ids, counts). */
export function maskConsoleText(text: string, rules: Pick<PrivacyRules, 'maskEmails'>): string {
  return maskFreeText(text, { maskEmails: rules.maskEmails, maskNumbers: false });
}

function closestSafe(el: Element, selector: string): Element | null {
  try {
    return closestOf(el, selector);
  } catch {
    return null;
  }
}

export function isBlocked(el: Element | null | undefined): boolean {
  return !!el && !!closestSafe(el, BLOCK_SELECTOR);
}

export function isMasked(el: Element | null | undefined): boolean {
  return !!el && !!closestSafe(el, MASK_SELECTOR);
}

export function isPasswordField(el: Element | null | undefined): boolean {
  if (!el) return false;
  const type = ((el as HTMLInputElement).type || attrOf(el, 'type') || '').toLowerCase();
  // rrweb marks inputs whose type was once "password" (a "show password" toggle must not leak it).
  if (type === 'password' || hasAttrOf(el, 'data-rr-is-password')) return true;
  const autocomplete = (attrOf(el, 'autocomplete') || '').toLowerCase();
  return /password|cc-number|cc-csc|cc-exp/.test(autocomplete);
}

/** How the value of this field is recorded, in the DOM recording and in input events alike. */
export function inputModeFor(el: Element | null | undefined, rules: Pick<PrivacyRules, 'defaultInputMode'>): InputMode {
  if (!el) return rules.defaultInputMode;
  if (isPasswordField(el) || isBlocked(el)) return 'hidden';
  if (isMasked(el)) return stricterMode(rules.defaultInputMode, 'obscured');
  return rules.defaultInputMode;
}

export function maskInputValue(value: string, mode: InputMode, rules: Pick<PrivacyRules, 'maskEmails' | 'maskNumbers'>): string {
  if (mode === 'hidden') return '';
  if (mode === 'obscured') return obscure(value);
  return maskFreeText(value, rules);
}

/** Text of the page: masked areas are obscured whole; elsewhere only emails / numbers per rules. */
export function maskTextFor(text: string, el: Element | null | undefined, rules: PrivacyRules): string {
  const tag = tagOf(el);
  // Style sheets are not visible text, and masking digits would break them.
  if (tag === 'STYLE' || tag === 'SCRIPT') return text;
  if (isMasked(el)) return obscureText(text);
  return maskFreeText(text, rules);
}

/**
 * rrweb options that apply the same rules to the DOM recording. rrweb only calls the mask
 * functions for nodes its selectors match, so the selectors are wide and the functions decide.
 */
export function rrwebPrivacyOptions(rules: PrivacyRules) {
  const masksAllText = rules.maskEmails || rules.maskNumbers;
  return {
    maskAllInputs: false,
    maskInputOptions: { input: true, textarea: true, select: true, password: true } as Record<string, boolean>,
    maskInputFn: (text: string, el: HTMLElement) => maskInputValue(text, inputModeFor(el, rules), rules),
    maskTextSelector: masksAllText ? '*' : MASK_SELECTOR,
    maskTextFn: (text: string, el: HTMLElement | null) => maskTextFor(text, el, rules),
    blockSelector: BLOCK_SELECTOR,
  };
}

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  inputModeFor,
  isBlocked,
  maskFreeText,
  maskInputValue,
  maskTextFor,
  obscure,
  obscureEmails,
  obscureNumbers,
  obscureText,
  resolvePrivacy,
  rrwebPrivacyOptions,
  stricterMode,
  type PrivacyRules,
} from './masking';

const plain: PrivacyRules = { defaultInputMode: 'plain', maskEmails: false, maskNumbers: false };

function el<T extends Element = HTMLElement>(html: string, selector: string): T {
  document.body.innerHTML = html;
  return document.querySelector(selector) as T;
}

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('text masking', () => {
  it('obscures keeping the length (inputs) or the whitespace (page text)', () => {
    expect(obscure('abc d')).toBe('*****');
    expect(obscureText('ab cd\nef')).toBe('** **\n**');
  });

  it('obscures emails and digits, and nothing else', () => {
    expect(obscureEmails('mail jane.doe+x@example.co.uk now')).toBe('mail ' + '*'.repeat('jane.doe+x@example.co.uk'.length) + ' now');
    expect(obscureEmails('no at sign here, or a @ alone')).toBe('no at sign here, or a @ alone');
    expect(obscureNumbers('card 4242 4242, exp 12/29')).toBe('card **** ****, exp **/**');
    expect(maskFreeText('a@b.io 42', { maskEmails: true, maskNumbers: false })).toBe('****** 42');
    expect(maskFreeText('a@b.io 42', { maskEmails: false, maskNumbers: true })).toBe('a@b.io **');
  });
});

describe('input modes', () => {
  it('plain keeps, obscured stars the same length, hidden empties', () => {
    expect(maskInputValue('secret', 'plain', plain)).toBe('secret');
    expect(maskInputValue('secret', 'obscured', plain)).toBe('******');
    expect(maskInputValue('secret', 'hidden', plain)).toBe('');
  });

  it('applies email and number masking to plain values when the project asks', () => {
    expect(maskInputValue('bob@x.org 12', 'plain', { maskEmails: true, maskNumbers: true })).toBe('********* **');
  });

  it('password fields are always hidden, whatever the default mode', () => {
    const pw = el('<input type="password" id="p">', '#p');
    for (const mode of ['plain', 'obscured', 'hidden'] as const) expect(inputModeFor(pw, { defaultInputMode: mode })).toBe('hidden');
    // A "show password" toggle switches the type; rrweb's marker keeps it a password.
    const shown = el('<input type="text" data-rr-is-password="true" id="p">', '#p');
    expect(inputModeFor(shown, plain)).toBe('hidden');
    const cc = el('<input autocomplete="cc-number" id="c">', '#c');
    expect(inputModeFor(cc, plain)).toBe('hidden');
  });

  it('data-cassette-mask / cassette-mask make inputs inside at least obscured', () => {
    const inside = el('<form data-cassette-mask><input id="a"></form>', '#a');
    expect(inputModeFor(inside, plain)).toBe('obscured');
    expect(inputModeFor(inside, { defaultInputMode: 'hidden' })).toBe('hidden');
    const byClass = el('<div class="cassette-mask"><textarea id="t"></textarea></div>', '#t');
    expect(inputModeFor(byClass, plain)).toBe('obscured');
    const outside = el('<div data-cassette-mask></div><input id="o">', '#o');
    expect(inputModeFor(outside, plain)).toBe('plain');
  });

  it('fields inside hidden / blocked elements are hidden', () => {
    expect(inputModeFor(el('<div data-cassette-hide><input id="a"></div>', '#a'), plain)).toBe('hidden');
    expect(inputModeFor(el('<div data-cassette-block><input id="a"></div>', '#a'), plain)).toBe('hidden');
    expect(inputModeFor(el('<div class="cassette-block"><input id="a"></div>', '#a'), plain)).toBe('hidden');
    expect(isBlocked(el('<section data-cassette-hide><p id="x">t</p></section>', '#x'))).toBe(true);
  });
});

describe('site options only tighten the project settings', () => {
  it('takes the stricter mode and ORs the text flags', () => {
    expect(stricterMode('plain', 'hidden')).toBe('hidden');
    expect(stricterMode('hidden', 'plain')).toBe('hidden');
    expect(stricterMode('obscured', undefined)).toBe('obscured');
    const server = { defaultInputMode: 'obscured' as const, maskEmails: true, maskNumbers: false };
    expect(resolvePrivacy(server, { defaultInputMode: 'plain', obscureTextEmails: false })).toEqual(server);
    expect(resolvePrivacy(server, { defaultInputMode: 'hidden', obscureTextNumbers: true })).toEqual({
      defaultInputMode: 'hidden',
      maskEmails: true,
      maskNumbers: true,
    });
  });
});

describe('page text', () => {
  const rules: PrivacyRules = { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false };

  it('masks everything in masked areas, only emails elsewhere, never style sheets', () => {
    const masked = el('<div data-cassette-mask><p id="p">Jane 42</p></div>', '#p');
    expect(maskTextFor('Jane 42', masked, plain)).toBe('**** **');
    const free = el('<p id="p"></p>', '#p');
    expect(maskTextFor('write to a@b.io 42', free, rules)).toBe('write to ****** 42');
    const style = el('<style id="s"></style>', '#s');
    expect(maskTextFor('.a{width:10px}', style, { ...rules, maskNumbers: true })).toBe('.a{width:10px}');
  });
});

describe('rrweb options', () => {
  it('route every input and the chosen text through the same functions', () => {
    const opts = rrwebPrivacyOptions({ defaultInputMode: 'plain', maskEmails: false, maskNumbers: false });
    expect(opts.maskInputOptions).toMatchObject({ input: true, textarea: true, select: true, password: true });
    expect(opts.maskTextSelector).toBe('[data-cassette-mask],.cassette-mask');
    expect(opts.blockSelector).toContain('[data-cassette-hide]');
    expect(opts.blockSelector).toContain('.cassette-block');
    const pw = el('<input type="password" id="p">', '#p');
    expect(opts.maskInputFn('hunter2', pw)).toBe('');
    const text = el('<input id="t">', '#t');
    expect(opts.maskInputFn('hello', text)).toBe('hello');
    const wide = rrwebPrivacyOptions({ defaultInputMode: 'plain', maskEmails: false, maskNumbers: true });
    expect(wide.maskTextSelector).toBe('*');
    expect(wide.maskTextFn('room 101', text)).toBe('room ***');
  });
});

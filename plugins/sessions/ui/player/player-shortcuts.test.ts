import { describe, expect, it } from 'vitest';
import { playerShortcut } from './player-shortcuts.js';

const on = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, ...extra }) as unknown as EventTarget;
const key = (k: string, more: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; target: EventTarget | null }> = {}) =>
  playerShortcut({ key: k, shiftKey: false, target: on('DIV'), ...more });

describe('playerShortcut', () => {
  it('maps space, arrows, f and shift+arrows', () => {
    expect(key(' ')).toBe('toggle-play');
    expect(key('ArrowLeft')).toBe('back');
    expect(key('ArrowRight')).toBe('forward');
    expect(key('f')).toBe('fullscreen');
    expect(key('F', { shiftKey: true })).toBe('fullscreen');
    expect(key('ArrowLeft', { shiftKey: true })).toBe('previous-session');
    expect(key('ArrowRight', { shiftKey: true })).toBe('next-session');
    expect(key('a')).toBeNull();
  });

  it('ignores keys while typing, and browser shortcuts', () => {
    expect(key(' ', { target: on('INPUT', { type: 'text' }) })).toBeNull();
    expect(key('f', { target: on('INPUT', { type: 'search' }) })).toBeNull();
    expect(key('ArrowLeft', { target: on('TEXTAREA') })).toBeNull();
    expect(key('f', { target: on('DIV', { isContentEditable: true }) })).toBeNull();
    expect(key('f', { target: on('SELECT') })).toBeNull();
    expect(key(' ', { target: on('BUTTON') })).toBeNull();
    expect(key('ArrowRight', { target: on('BUTTON') })).toBe('forward');
    expect(key('f', { ctrlKey: true })).toBeNull();
    expect(key('ArrowLeft', { metaKey: true })).toBeNull();
  });
});

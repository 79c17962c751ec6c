// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clampPanelHeight, PANEL_DEFAULT_HEIGHT, PANEL_MIN_HEIGHT, panelHeightForKey, panelHeightStorageKey, readPanelHeight, rememberPanelHeight, REPLAY_MIN_HEIGHT } from './panel-split.js';

beforeEach(() => localStorage.clear());

describe('panel split', () => {
  it('keeps the panel at least its minimum and leaves the replay its minimum', () => {
    expect(clampPanelHeight(10, 700)).toBe(PANEL_MIN_HEIGHT);
    expect(clampPanelHeight(650, 700)).toBe(700 - REPLAY_MIN_HEIGHT);
    expect(clampPanelHeight(300.4, 700)).toBe(300);
    // Too little room for both: the panel keeps its minimum (CSS shrinks it if it must).
    expect(clampPanelHeight(300, 250)).toBe(PANEL_MIN_HEIGHT);
    // Not laid out yet: only the minimum is known.
    expect(clampPanelHeight(5000, null)).toBe(5000);
  });

  it('arrows step (Shift steps further), Home and End go to the bounds, other keys do nothing', () => {
    expect(panelHeightForKey('ArrowUp', 200, false)).toBe(220);
    expect(panelHeightForKey('ArrowDown', 200, true)).toBe(120);
    expect(panelHeightForKey('Home', 300, false)).toBe(PANEL_MIN_HEIGHT);
    expect(panelHeightForKey('End', 300, false)).toBe(Infinity);
    expect(panelHeightForKey('ArrowLeft', 300, false)).toBeNull();
  });

  it('remembers the height per user; a missing or unusable value gives the default', () => {
    const mine = panelHeightStorageKey(1);
    expect(readPanelHeight(mine)).toBe(PANEL_DEFAULT_HEIGHT);
    rememberPanelHeight(mine, 333.3);
    expect(readPanelHeight(mine)).toBe(333);
    expect(readPanelHeight(panelHeightStorageKey(2))).toBe(PANEL_DEFAULT_HEIGHT);
    localStorage.setItem(mine, 'tall');
    expect(readPanelHeight(mine)).toBe(PANEL_DEFAULT_HEIGHT);
    localStorage.setItem(mine, '5');
    expect(readPanelHeight(mine)).toBe(PANEL_DEFAULT_HEIGHT);
  });
});

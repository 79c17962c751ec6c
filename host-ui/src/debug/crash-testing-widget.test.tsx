// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugFlags } from '../plugins/plugin-boot.js';
import { CrashTestingWidget } from './crash-testing-widget.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let debug: DebugFlags = { crashTesting: false, selfRecordKey: null };
vi.mock('../plugins/plugin-boot.js', () => ({ usePlugins: () => ({ enabled: [], registry: { fills: [] }, debug }) }));

describe('the crash-testing widget (spec part 1 §2)', () => {
  let host: HTMLDivElement;
  let root: Root;
  const show = (flags: DebugFlags) => {
    debug = flags;
    act(() => root.render(<CrashTestingWidget />));
  };
  const trackerScripts = () => document.head.querySelectorAll('script[src="/tracker.js"]').length;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    document.head.querySelectorAll('script[src="/tracker.js"]').forEach((s) => s.remove());
  });

  it('is absent while the crash-testing flag is off, and the app does not record itself', () => {
    show({ crashTesting: false, selfRecordKey: null });
    expect(host.innerHTML).toBe('');
    expect(trackerScripts()).toBe(0);
  });

  it('with the flag on, opens on its button with the five failures and says the failures stay in the console', () => {
    show({ crashTesting: true, selfRecordKey: null });
    const toggle = host.querySelector<HTMLButtonElement>('[data-testid="crash-testing"] > button')!;
    expect(toggle.textContent).toBe('Crash testing');
    expect(host.querySelector('[role="group"]')).toBeNull();
    act(() => toggle.click());
    const panel = host.querySelector('[role="group"][aria-label="Crash tests"]')!;
    expect([...panel.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Eval error', 'Tracker crash', 'Undefined property', 'Memory growth', 'Failing fetch']);
    expect(panel.textContent).toContain('Self-recording is off: the failures show in the browser console only.');
    expect(trackerScripts()).toBe(0);
  });

  it("with self-recording on, loads the install's own tracker script once and says the failures arrive as sessions", () => {
    show({ crashTesting: true, selfRecordKey: 'abcdefghij0123456789' });
    show({ crashTesting: true, selfRecordKey: 'abcdefghij0123456789' });
    expect(trackerScripts()).toBe(1);
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="crash-testing"] > button')!.click());
    expect(host.textContent).toContain('This app records itself: the failures arrive as its sessions.');
  });
});

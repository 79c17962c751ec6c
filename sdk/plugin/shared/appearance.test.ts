import { describe, expect, it } from 'vitest';
import { appearanceFlagOn } from './appearance.js';

describe('appearanceFlagOn', () => {
  it('reads the preset a member chose, under the flags they changed', () => {
    expect(appearanceFlagOn({ role: 'dev' }, 'sessionsDevtools')).toBe(true);
    expect(appearanceFlagOn({ role: 'po' }, 'sessionsDevtools')).toBe(false);
    expect(appearanceFlagOn({ role: 'dev' }, 'sessionsLive')).toBe(false);
    expect(appearanceFlagOn({ role: 'CUSTOM', sessionsLive: true, tests: false }, 'tests')).toBe(false);
    expect(appearanceFlagOn({ role: 'CUSTOM', sessionsLive: true, tests: false }, 'sessionsLive')).toBe(true);
  });
  it('shows everything to an account that never chose an appearance', () => {
    for (const stored of [undefined, null, {}]) expect(appearanceFlagOn(stored, 'runs')).toBe(true);
  });
});

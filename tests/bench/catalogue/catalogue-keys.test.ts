import { describe, expect, it } from 'vitest';
import { CATALOGUE_KEYS } from './catalogue-keys.js';
import { DASHBOARD_WIDGETS } from './catalogue-dashboard.js';

describe('the catalogue bench keys', () => {
  it('lists the 45 keys once each, and the dashboard 12 of them', () => {
    expect(new Set(CATALOGUE_KEYS).size).toBe(45);
    expect(CATALOGUE_KEYS).toHaveLength(45);
    expect(DASHBOARD_WIDGETS).toHaveLength(12);
    for (const key of DASHBOARD_WIDGETS) expect(CATALOGUE_KEYS).toContain(key);
  });
});

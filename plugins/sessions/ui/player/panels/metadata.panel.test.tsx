// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { click } from '@cassette/plugin-sdk/testing/ui';
import { MetadataPanel, sessionFacts } from './metadata.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
  vi.unstubAllGlobals();
});

const factRows = (scope: ParentNode, testId: string) =>
  [...scope.querySelectorAll(`[data-testid="${testId}"] [data-testid="metadata-row"]`)].map((row) => [row.querySelector('dt')!.textContent, row.querySelector('.cs-metadata__value')!.textContent]);

describe('sessionFacts', () => {
  it('spells out the user and device facts', () => {
    expect(sessionFacts(sessionFixture())).toEqual([
      { label: 'User ID', value: 'ada@shop.test' },
      { label: 'Anonymous ID', value: 'anon-5f1c2e' },
      { label: 'Device ID', value: 'b3f7c2d4-9e1a-4c55-8f3e-0a2b6c7d8e9f' },
      { label: 'Browser', value: 'Chrome 131.0.6778' },
      { label: 'OS', value: 'macOS 14.6' },
      { label: 'Device', value: 'MacBook Pro (desktop)' },
      { label: 'Screen', value: '1728 × 1117' },
      { label: 'Viewport', value: '1512 × 859' },
      { label: 'Country', value: 'FR' },
      { label: 'Revision', value: 'v2.14.0-3f9c1a2' },
      { label: 'User agent', value: expect.stringContaining('Chrome/131.0.0.0') },
    ]);
  });

  it('leaves unknown facts empty and names an unknown country', () => {
    const facts = sessionFacts(sessionFixture({ userId: null, userBrowserVersion: null, userDevice: null, userDeviceType: null, screen: null, userCountry: null }));
    const value = (label: string) => facts.find((f) => f.label === label)!.value;
    expect(value('User ID')).toBeNull();
    expect(value('Browser')).toBe('Chrome');
    expect(value('Device')).toBeNull();
    expect(value('Screen')).toBeNull();
    expect(value('Country')).toBe('Unknown Country');
  });
});

describe('Metadata panel', () => {
  it("shows the session's metadata and facts, with a copy button for each known value", () => {
    panel = renderPanel(MetadataPanel, { session: sessionFixture({ revId: null }) });
    expect(factRows(panel.container, 'metadata-custom')).toEqual([
      ['plan', 'premium'],
      ['cartId', 'cart-88412'],
    ]);
    const facts = factRows(panel.container, 'metadata-user');
    expect(facts[0]).toEqual(['User ID', 'ada@shop.test']);
    expect(facts.find(([label]) => label === 'Revision')).toEqual(['Revision', '—']);
    const copyButtons = panel.container.querySelectorAll('[data-testid="metadata-row"] button');
    expect(copyButtons).toHaveLength(2 + 10);
  });

  it('copies a value', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    panel = renderPanel(MetadataPanel);
    const planRow = panel.container.querySelector('[data-testid="metadata-custom"] [data-testid="metadata-row"]')!;
    await click(planRow.querySelector('button'));
    expect(writeText).toHaveBeenCalledWith('premium');
  });

  it("shows 'No data available.' when the session has no metadata", () => {
    panel = renderPanel(MetadataPanel, { session: sessionFixture({ metadata: {} }) });
    expect(panel.container.querySelector('[data-testid="metadata-custom"]')).toBeNull();
    expect(panel.container.textContent).toContain('No data available.');
    expect(factRows(panel.container, 'metadata-user')).toHaveLength(11);
  });
});

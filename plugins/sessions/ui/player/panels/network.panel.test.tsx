// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, buttonNamed, click, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { BODIES_NOT_CAPTURED_TEXT } from './network-details.js';
import { NetworkPanel, NO_RESOURCES_MISSING_TEXT } from './network.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
});

const rowNames = (p: MountedPanel) => allByTestId(p.container, 'network-row').map((row) => row.querySelector('.cs-network-row__name')!.textContent);
const rowNamed = (p: MountedPanel, name: string) => allByTestId(p.container, 'network-row').find((row) => row.querySelector('.cs-network-row__name')!.textContent === name)!;
const details = () => document.querySelector<HTMLElement>('[data-testid="network-details"]');
const missingToggle = (p: MountedPanel) => p.container.querySelector<HTMLInputElement>('input[role="switch"]')!;

describe('Network panel', () => {
  it('lists requests in time order with type, method, status, size, duration and a waterfall bar', () => {
    panel = renderPanel(NetworkPanel);
    expect(rowNames(panel)).toEqual(['app.91bc.js', 'app.77aa.css', 'logo@2x.png', 'espresso-machine', 'espresso.jpg', 'items', 'manifest.webmanifest', 'howto.mp4']);
    const cells = [...rowNamed(panel, 'items').querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 7)).toEqual(['01:01', 'itemshttps://api.shop.test/v1/cart/items', 'xhr', 'POST', '500', '96 B', '410 ms']);
    expect(rowNamed(panel, 'items').querySelector('.cs-network-row__url')!.textContent).toBe('https://api.shop.test/v1/cart/items');
    const bar = rowNamed(panel, 'app.91bc.js').querySelector<HTMLElement>('.cs-waterfall__bar')!;
    expect(bar.style.left).toBe('0%');
  });

  it('colours failed and very slow requests red and slowish ones yellow', () => {
    panel = renderPanel(NetworkPanel);
    const severityOf = (name: string) => rowNamed(panel!, name).className;
    expect(severityOf('items')).toContain('cs-network-row--red');
    expect(severityOf('logo@2x.png')).toContain('cs-network-row--red');
    expect(severityOf('espresso-machine')).toContain('cs-network-row--red');
    expect(severityOf('espresso.jpg')).toContain('cs-network-row--yellow');
    expect(severityOf('app.91bc.js')).not.toMatch(/cs-network-row--(red|yellow)/);
  });

  it('filters by type and by text', async () => {
    panel = renderPanel(NetworkPanel);
    await click(buttonNamed(panel.container, 'Fetch/XHR'));
    expect(rowNames(panel)).toEqual(['espresso-machine', 'items']);
    await click(buttonNamed(panel.container, 'Img'));
    expect(rowNames(panel)).toEqual(['logo@2x.png', 'espresso.jpg']);
    typeInto(panel.container.querySelector<HTMLInputElement>('input[aria-label="Filter by URL"]')!, 'logo');
    expect(rowNames(panel)).toEqual(['logo@2x.png']);
    await click(buttonNamed(panel.container, 'CSS'));
    expect(rowNames(panel)).toEqual([]);
    expect(panel.container.textContent).toContain('No data available.');
  });

  it('opens the details of a clicked request and seeks to it', async () => {
    panel = renderPanel(NetworkPanel);
    await click(rowNamed(panel, 'items'));
    expect(panel.seek).toHaveBeenCalledWith(61_200);
    const general = details()!.querySelector('[data-testid="network-details-general"]')!.textContent!;
    expect(general).toContain('https://api.shop.test/v1/cart/items');
    expect(general).toContain('POST');
    expect(general).toContain('500');
    expect(general).toContain('410 ms');
    expect(general).toContain('380 ms');
    expect(details()!.textContent).toContain('x-request-id');
    expect(details()!.textContent).toContain('req-1f9a');
    expect(details()!.querySelector('[data-testid="network-request-body"]')!.textContent).toBe('{\n  "productId": "espresso-machine",\n  "quantity": 1\n}');
    expect(details()!.querySelector('[data-testid="network-response-body"]')!.textContent).toBe('{\n  "error": "internal"\n}');
    expect(details()!.textContent).not.toContain(BODIES_NOT_CAPTURED_TEXT);
    expect(rowNamed(panel, 'items').getAttribute('aria-selected')).toBe('true');
  });

  it('says when bodies were not captured, and closes', async () => {
    panel = renderPanel(NetworkPanel);
    await click(rowNamed(panel, 'app.91bc.js'));
    expect(details()!.textContent).toContain(BODIES_NOT_CAPTURED_TEXT);
    expect(details()!.textContent).toContain('No headers captured.');
    expect(details()!.querySelector('[data-testid="network-response-body"]')).toBeNull();
    await click(details()!.querySelector('button[aria-label="Close details"]')!);
    expect(details()).toBeNull();
  });

  it('notes a missing request payload separately from a captured response', async () => {
    panel = renderPanel(NetworkPanel);
    await click(rowNamed(panel, 'espresso-machine'));
    expect(details()!.textContent).toContain('No request payload.');
    expect(details()!.querySelector('[data-testid="network-response-body"]')!.textContent).toContain('"price": 349');
  });

  it('seeks without opening details when the time is clicked', async () => {
    panel = renderPanel(NetworkPanel);
    await click(rowNamed(panel, 'espresso.jpg').querySelector('.cs-panel__time')!);
    expect(panel.seek).toHaveBeenCalledWith(13_400);
    expect(details()).toBeNull();
  });

  it('lists the missing resources on demand', async () => {
    panel = renderPanel(NetworkPanel);
    await click(missingToggle(panel));
    expect(rowNames(panel)).toEqual(['logo@2x.png']);
    await click(missingToggle(panel));
    expect(allByTestId(panel.container, 'network-row')).toHaveLength(8);
  });

  it(`says '${NO_RESOURCES_MISSING_TEXT}' when none is missing`, async () => {
    panel = renderPanel(NetworkPanel, { session: sessionFixture({ missedResources: [] }) });
    await click(missingToggle(panel));
    expect(allByTestId(panel.container, 'network-row')).toHaveLength(0);
    expect(panel.container.textContent).toContain('No resources missing.');
  });

  it("shows 'No data available.' for a session without requests", () => {
    panel = renderPanel(NetworkPanel, { session: sessionFixture({ resources: [] }) });
    expect(panel.container.querySelector('[data-testid="panel-network"]')!.textContent).toContain('No data available.');
  });
});

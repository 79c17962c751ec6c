// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { allByTestId, click, typeInto } from '@cassette/plugin-sdk/testing/ui';
import { EventsPanel } from './events.panel.js';
import { renderPanel, type MountedPanel } from '../../../testing/render-panel.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

let panel: MountedPanel | null = null;
afterEach(() => {
  panel?.unmount();
  panel = null;
});

const eventRows = (p: MountedPanel) => allByTestId(p.container, 'event-row');
const search = (p: MountedPanel) => p.container.querySelector<HTMLInputElement>('input[aria-label="Search events"]')!;

describe('Events panel', () => {
  it('lists every event with its type and what it was about', () => {
    panel = renderPanel(EventsPanel);
    const shown = eventRows(panel);
    expect(shown.map((row) => row.dataset.eventType)).toEqual(['LOCATION', 'CLICK', 'LOCATION', 'CLICKRAGE', 'LOCATION', 'INPUT', 'INPUT', 'CUSTOM']);
    expect(shown[0]!.textContent).toContain('https://shop.test/');
    expect(shown[0]!.querySelector('.cs-event-row__badge')!.textContent).toBe('Load 1.84 s');
    expect(shown[3]!.querySelector('.cs-event-row__title')!.textContent).toBe('Add to cart');
    expect(shown[3]!.querySelector('.cs-event-row__detail')!.textContent).toBe('button#add-to-cart');
    expect(shown[3]!.querySelector('.cs-event-row__badge')!.textContent).toBe('×6');
    expect(shown[6]!.querySelector('.cs-event-row__detail')!.textContent).toBe('**** **** **** 4242');
    expect(shown[7]!.textContent).toContain('checkout_step');
    expect(shown[7]!.textContent).toContain('"coupon":"SPRING10"');
    expect(shown[7]!.querySelector('.cs-panel__time')!.textContent).toBe('02:30');
  });

  it('filters by any shown text', () => {
    panel = renderPanel(EventsPanel);
    typeInto(search(panel), 'CAR');
    expect(eventRows(panel).map((row) => row.querySelector('.cs-event-row__title')!.textContent)).toEqual(['Add to cart', 'Card number']);
    typeInto(search(panel), 'spring10');
    expect(eventRows(panel).map((row) => row.dataset.eventType)).toEqual(['CUSTOM']);
    typeInto(search(panel), 'nothing like this');
    expect(eventRows(panel)).toHaveLength(0);
    expect(panel.container.textContent).toContain('No data available.');
    typeInto(search(panel), '');
    expect(eventRows(panel)).toHaveLength(8);
  });

  it('highlights the current event as the player moves', () => {
    panel = renderPanel(EventsPanel, { currentTime: 62_000 });
    const currentType = () => eventRows(panel!).find((row) => row.getAttribute('aria-current') === 'true')?.dataset.eventType;
    expect(currentType()).toBe('CLICKRAGE');
    expect(eventRows(panel).filter((row) => row.classList.contains('cs-panel-row--current'))).toHaveLength(1);
    panel.setTime(112_000);
    expect(currentType()).toBe('INPUT');
  });

  it('seeks to an event when clicked', async () => {
    panel = renderPanel(EventsPanel);
    await click(eventRows(panel)[5]!);
    expect(panel.seek).toHaveBeenCalledWith(110_500);
  });

  it("shows 'No data available.' for a session without events", () => {
    panel = renderPanel(EventsPanel, { session: sessionFixture({ events: [] }) });
    expect(panel.container.querySelector('[data-testid="panel-events"]')!.textContent).toContain('No data available.');
  });
});

import { describe, expect, it } from 'vitest';
import type { SessionEventItem } from '../../../shared/session.js';
import { filterEvents, PAYLOAD_PREVIEW_MAX, summarizeEvent } from './event-text.js';
import { sessionFixture } from '../../../testing/session-fixture.js';

const { events } = sessionFixture();
const byKey = (key: string) => events.find((e) => e.key === key)!;

describe('summarizeEvent', () => {
  it('shows a page by its URL, title and load time', () => {
    expect(summarizeEvent(byKey('1:0'))).toEqual({ label: 'Page', title: 'https://shop.test/', detail: 'Shop – Home', badge: 'Load 1.84 s' });
  });

  it('leaves out the load time of a page still loading', () => {
    expect(summarizeEvent(byKey('3:0')).badge).toBeNull();
  });

  it('shows clicks by label and selector, with the count of a rage burst', () => {
    expect(summarizeEvent(byKey('1:4'))).toEqual({ label: 'Click', title: 'Products', detail: 'nav > a.products', badge: null });
    expect(summarizeEvent(byKey('2:9'))).toEqual({ label: 'Click rage', title: 'Add to cart', detail: 'button#add-to-cart', badge: '×6' });
  });

  it('falls back to the selector when a click target has no label or content', () => {
    const bare: SessionEventItem = { key: '9:1', type: 'CLICK', time: 1, timestamp: 1, target: { path: 'div.hero', label: '' }, targetContent: '', count: 2 };
    expect(summarizeEvent(bare)).toMatchObject({ title: 'div.hero', badge: '×2' });
  });

  it('shows inputs with their masked value and custom events with their payload', () => {
    expect(summarizeEvent(byKey('3:5'))).toEqual({ label: 'Input', title: 'Card number', detail: '**** **** **** 4242', badge: null });
    expect(summarizeEvent(byKey('3:8'))).toEqual({ label: 'Custom', title: 'checkout_step', detail: '{"step":"payment","coupon":"SPRING10"}', badge: null });
  });

  it('shortens a long custom payload', () => {
    const big: SessionEventItem = { key: '9:2', type: 'CUSTOM', time: 1, timestamp: 1, name: 'cart_snapshot', payload: { items: 'x'.repeat(1000) } };
    const detail = summarizeEvent(big).detail!;
    expect(detail).toHaveLength(PAYLOAD_PREVIEW_MAX + 1);
    expect(detail.startsWith('{"items":"xxx')).toBe(true);
    expect(detail.endsWith('…')).toBe(true);
  });
});

describe('filterEvents', () => {
  const keys = (list: SessionEventItem[]) => list.map((e) => e.key);

  it('finds events by any shown text', () => {
    expect(keys(filterEvents(events, 'checkout'))).toEqual(['3:0', '3:8']);
    expect(keys(filterEvents(events, 'add-to-cart'))).toEqual(['2:9']);
    expect(keys(filterEvents(events, '4242'))).toEqual(['3:5']);
    expect(keys(filterEvents(events, 'SPRING10'))).toEqual(['3:8']);
    expect(keys(filterEvents(events, 'click rage'))).toEqual(['2:9']);
  });

  it('keeps everything for an empty search and nothing for an unknown word', () => {
    expect(filterEvents(events, '')).toHaveLength(events.length);
    expect(filterEvents(events, 'zebra')).toEqual([]);
  });
});

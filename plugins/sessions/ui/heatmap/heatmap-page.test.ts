import { describe, expect, it } from 'vitest';
import type { SessionEventItem } from '../../shared/session.js';
import { pageAt, pageKey, snapshotTime } from './heatmap-page.js';

const visit = (time: number, url: string) => ({ type: 'LOCATION', key: `0:${time}`, time, timestamp: time, url }) as unknown as SessionEventItem;
const click = (time: number) => ({ type: 'CLICK', key: `1:${time}`, time, timestamp: time }) as unknown as SessionEventItem;
const events = [visit(0, 'https://shop.test/'), click(500), visit(10_000, 'https://shop.test/cart?x=1'), visit(11_000, 'https://shop.test/'), visit(30_000, 'https://shop.test/cart')];

describe('the page of a heatmap in a session', () => {
  it('names the page open at a moment (the first before any)', () => {
    expect(pageAt(events, 10_500)).toBe('https://shop.test/cart?x=1');
    expect(pageAt(events, -1)).toBe('https://shop.test/');
    expect(pageAt([], 0)).toBeNull();
  });

  it('shows a visit of the page a moment after it opened: the one open at that moment, else the first, never in the next page', () => {
    expect(snapshotTime(events, 'https://shop.test/cart', 31_000)).toBe(31_500);
    expect(snapshotTime(events, 'https://shop.test/cart#top', 0)).toBe(10_999);
    expect(snapshotTime(events, 'https://shop.test/nowhere', 0)).toBeNull();
    expect(pageKey('https://shop.test/cart?x=1')).toBe('shop.test/cart');
  });
});

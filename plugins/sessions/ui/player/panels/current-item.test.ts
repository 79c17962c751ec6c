import { describe, expect, it } from 'vitest';
import { byTime, currentItemIndex, matchesText } from './current-item.js';

const items = [{ time: 0 }, { time: 1000 }, { time: 1000 }, { time: 5000 }];

describe('currentItemIndex', () => {
  it('is -1 before the first item', () => {
    expect(currentItemIndex(items.slice(1), 500)).toBe(-1);
    expect(currentItemIndex([], 500)).toBe(-1);
  });

  it('is the last item at or before the current time', () => {
    expect(currentItemIndex(items, 0)).toBe(0);
    expect(currentItemIndex(items, 999)).toBe(0);
    expect(currentItemIndex(items, 1000)).toBe(2);
    expect(currentItemIndex(items, 4999)).toBe(2);
    expect(currentItemIndex(items, 60_000)).toBe(3);
  });
});

describe('byTime', () => {
  it('sorts a copy by time, keeping the recorded order of ties', () => {
    const input = [{ time: 30, id: 'c' }, { time: 10, id: 'a' }, { time: 30, id: 'd' }, { time: 20, id: 'b' }];
    expect(byTime(input).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(input[0]!.id).toBe('c');
  });
});

describe('matchesText', () => {
  it('matches everything when the query is blank', () => {
    expect(matchesText('  ', ['x'])).toBe(true);
  });

  it('matches any text, ignoring case and surrounding spaces', () => {
    expect(matchesText(' CART ', [null, 'POST /v1/cart/items'])).toBe(true);
    expect(matchesText('checkout', ['POST /v1/cart/items', undefined])).toBe(false);
  });
});

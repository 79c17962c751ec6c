import { describe, expect, it } from 'vitest';
import { targetSuggestions, withTargets } from './target-suggestions.js';

const target = (targetId: number, label: string, path: string, location = 'https://shop.test/') => ({ targetId, label, path, isCustom: true, location });

describe('targets as click filters', () => {
  it('offers the targets matching by name or selector, by name, each selector once, before the recorded selectors', () => {
    const targets = [target(1, 'Add to cart', '#add'), target(2, 'Checkout', 'a.checkout'), target(3, 'Add to cart (cart page)', '#add', 'https://shop.test/cart')];
    expect(targetSuggestions(targets, 'ADD')).toEqual([{ value: '#add', label: 'Target: Add to cart' }]);
    expect(targetSuggestions(targets, 'checkout').map((s) => s.value)).toEqual(['a.checkout']);
    expect(targetSuggestions(targets, '').map((s) => s.value)).toEqual(['#add', 'a.checkout']);
    expect(withTargets(targetSuggestions(targets, 'add'), [{ value: '#add', label: '#add', count: 3 }, { value: '#other', label: '#other' }])).toEqual([
      { value: '#add', label: 'Target: Add to cart' },
      { value: '#other', label: '#other' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { generateSteps } from './generate-test.js';

describe('a test generated from a recorded visit', () => {
  it('opens the first page, clicks and types with the recorded selector and the text as fallback', () => {
    const { steps, variables } = generateSteps([
      { type: 'LOCATION', url: 'https://shop.example.com/demo/?key=k' },
      { type: 'CLICK', target: { path: '#add-to-cart', label: 'Add to cart' }, targetContent: 'Add to cart' },
      { type: 'LOCATION', url: 'https://shop.example.com/demo/checkout' },
      { type: 'INPUT', target: { path: '#name', label: 'Name' }, value: 'A' },
      { type: 'INPUT', target: { path: '#name', label: 'Name' }, value: 'Ada' },
      { type: 'CLICKRAGE', target: { path: 'button.pay', label: '' }, targetContent: 'Place order', count: 4 } as never,
    ]);
    expect(steps).toEqual([
      { key: 'g1', type: 'navigate', value: 'https://shop.example.com/demo/?key=k' },
      { key: 'g2', type: 'click', selectors: ['#add-to-cart', 'text="Add to cart"'] },
      { key: 'g3', type: 'input', selectors: ['#name'], value: 'Ada' },
      { key: 'g4', type: 'click', selectors: ['button.pay', 'text="Place order"'] },
    ]);
    expect(variables).toEqual([]);
  });

  it("follows the tracker's capture order: a click listed after the page it opened still comes before it", () => {
    // As the demo shop's checkout visit is listed: the home page's click (batch 0) after the product page (batch 1).
    const { steps } = generateSteps([
      { key: '0:0', type: 'LOCATION', url: 'https://shop.example.com/' },
      { key: '1:0', type: 'LOCATION', url: 'https://shop.example.com/product' },
      { key: 'rage:7', type: 'CLICKRAGE', target: { path: '#zoom', label: '' }, targetContent: '' },
      { key: '0:6', type: 'CLICK', target: { path: 'a.details', label: 'View details' }, targetContent: 'View details' },
      { key: '1:6', type: 'CLICK', target: { path: 'a.checkout', label: 'Continue to checkout' }, targetContent: 'Continue to checkout' },
      { key: '2:0', type: 'LOCATION', url: 'https://shop.example.com/checkout' },
    ]);
    expect(steps).toEqual([
      { key: 'g1', type: 'navigate', value: 'https://shop.example.com/' },
      { key: 'g2', type: 'click', selectors: ['a.details', 'text="View details"'] },
      { key: 'g3', type: 'click', selectors: ['#zoom'] },
      { key: 'g4', type: 'click', selectors: ['a.checkout', 'text="Continue to checkout"'] },
    ]);
  });

  it('turns masked values into variables, one per field', () => {
    const { steps, variables } = generateSteps([
      { type: 'LOCATION', url: 'https://shop.example.com/checkout' },
      { type: 'INPUT', target: { path: '#card', label: 'Card number' }, value: '**** **** **** 4242' },
      { type: 'INPUT', target: { path: '#password', label: 'Password' }, value: '********' },
      { type: 'INPUT', target: { path: '#card', label: 'Card number' }, value: '****' },
    ]);
    expect(variables).toEqual([
      { name: 'card_number', label: 'Card number' },
      { name: 'password', label: 'Password' },
    ]);
    expect(steps.slice(1)).toEqual([
      { key: 'g2', type: 'input', selectors: ['#card'], value: '${card_number}' },
      { key: 'g3', type: 'input', selectors: ['#password'], value: '${password}' },
      { key: 'g4', type: 'input', selectors: ['#card'], value: '${card_number}' },
    ]);
  });

  it('navigates again when the visitor opened another address themselves', () => {
    const { steps } = generateSteps([
      { type: 'LOCATION', url: 'https://a.test/' },
      { type: 'LOCATION', url: 'https://a.test/' },
      { type: 'LOCATION', url: 'https://a.test/b' },
    ]);
    expect(steps.map((s) => s.type === 'navigate' && s.value)).toEqual(['https://a.test/', 'https://a.test/b']);
  });
});

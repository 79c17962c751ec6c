// The demo shop's "production bundle": built minified with a source map (plugins/demo/build.mjs)
// so the errors it throws show minified stacks until the map is uploaded.
import { priceCart } from './pricing.js';

/** The release the bundle belongs to: the tracker sends it, the map is uploaded under it. */
export const DEMO_RELEASE = 'grounded-coffee@1.0.0';

function formatEuros(amount: number): string {
  return '€' + amount.toFixed(2);
}

function applyCoupon(subtotal: number, code: string): string {
  const cart = priceCart(subtotal, code);
  return `Coupon applied: ${formatEuros(cart.discount)} off, total ${formatEuros(cart.total)}.`;
}

(window as unknown as { GroundedCoffee: unknown }).GroundedCoffee = { release: DEMO_RELEASE, applyCoupon };

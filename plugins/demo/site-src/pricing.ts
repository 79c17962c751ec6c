import { COUPONS } from './coupons.js';

export interface PricedCart {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * The deliberate bug of the demo: an unknown coupon code is looked up without a check, so
 * reading its percentage throws a TypeError from this function. In the minified bundle this
 * frame is a one-letter function on line 1; the uploaded source map turns it back into this.
 */
export function discountFor(code: string, subtotal: number): number {
  const coupon = COUPONS[code.trim().toUpperCase()];
  return Math.round(subtotal * coupon!.percent) / 100;
}

export function priceCart(subtotal: number, couponCode: string): PricedCart {
  const discount = couponCode ? discountFor(couponCode, subtotal) : 0;
  return { subtotal, discount, total: subtotal - discount };
}

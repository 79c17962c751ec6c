/** Coupons the demo shop knows; any other code is the bug the error demo is about. */
export interface Coupon {
  percent: number;
  label: string;
}

export const COUPONS: Record<string, Coupon> = {
  WELCOME10: { percent: 10, label: 'Welcome, 10 % off' },
  MONDAY5: { percent: 5, label: 'Roast day, 5 % off' },
};

/**
 * What the generated error groups look like: the exceptions an online shop's front end
 * throws, their pages, releases and who meets them. Weights are relative shares; the errors
 * generator draws from them with seeded SQL. The benchmark reads these names to build
 * requests that find something (e.g. a text query that matches).
 */
import { CATEGORIES, PRODUCTS, SITE_ORIGIN } from './generator/catalogue.js';

/**
 * Exception kinds: name, message template and share of groups. `{prop}`, `{fn}` and `{n}` are
 * filled per group, so one kind yields many distinct groups as different bugs do.
 */
export const ERROR_KINDS: readonly (readonly [string, string, number])[] = [
  ['TypeError', "Cannot read properties of undefined (reading '{prop}')", 26],
  ['TypeError', "Cannot read properties of null (reading '{prop}')", 9],
  ['TypeError', "undefined is not an object (evaluating 'e.{prop}')", 7],
  ['TypeError', '{fn} is not a function', 9],
  ['ReferenceError', '{fn} is not defined', 5],
  ['Error', 'Request failed with status code {n}', 7],
  ['TypeError', 'Failed to fetch', 3],
  ['ChunkLoadError', 'Loading chunk {n} failed.', 4],
  ['SyntaxError', `Unexpected token '<', "<!DOCTYPE "... is not valid JSON`, 3],
  ['RangeError', 'Maximum call stack size exceeded', 2],
  ['Error', 'ResizeObserver loop completed with undelivered notifications.', 2],
  ['Error', 'Minified React error #{n}; visit https://react.dev/errors/{n} for the full message', 5],
  ['UnhandledRejection', 'Non-Error promise rejection captured with value: {prop}', 3],
  ['Error', 'Checkout failed: {prop} is missing', 4],
  ['TypeError', "Cannot set properties of undefined (setting '{prop}')", 4],
  ['Error', 'Invariant failed: {fn} called outside of its provider', 3],
];

/** Property names the messages read (`reading 'price'`); the first ones are the likeliest. */
export const PROPERTIES = [
  'price', 'length', 'id', 'items', 'map', 'name', 'quantity', 'variant', 'sku', 'total', 'address', 'currency', 'image', 'data',
  'user', 'token', 'discount', 'shipping', 'country', 'email', 'reviews', 'rating', 'stock', 'size', 'color', 'slug', 'category',
  'coupon', 'payment', 'status', 'locale', 'cart', 'order', 'title', 'url', 'children', 'value', 'options', 'width', 'height',
];

/** Function names of the shop's code, as they appear in messages and (in development builds) in frames. */
export const FUNCTIONS = [
  'lineTotal', 'cartTotal', 'onCheckout', 'renderProductCard', 'formatPrice', 'applyCoupon', 'loadRecommendations', 'useCart',
  'submitOrder', 'parseAddress', 'trackEvent', 'fetchInventory', 'hydrateSession', 'onAddToCart', 'computeShipping', 'validateCard',
  'openMiniCart', 'renderReviews', 'syncWishlist', 'resolveLocale', 'initPayments', 'updateQuantity', 'showToast', 'loadCategory',
  'renderGallery', 'selectVariant', 'estimateDelivery', 'restoreScroll', 'prefetchRoute', 'mountSearch', 'debounceInput', 'saveDraft',
];

/** Scripts of the built site, served from `/assets/` with a content hash per release. */
export const BUNDLES = ['index', 'checkout', 'product', 'vendor', 'account', 'search'];

/** The pages errors happen on, most visited first (the generator draws them with Zipf popularity). */
export function sitePages(): string[] {
  const pages = ['/', '/cart', '/checkout', '/search', '/account', '/account/orders', '/checkout/confirmation', '/wishlist'];
  for (let i = 0; i < CATEGORIES.length; i++) pages.push(`/category/${CATEGORIES[i]}`);
  for (let i = 1; i <= Math.min(PRODUCTS, 180); i++) pages.push(`/products/${i}`);
  return pages.map((path) => `${SITE_ORIGIN}${path}`);
}

/** Group statuses: most errors are open, a quarter fixed, some ignored as noise. */
export const STATUS_SHARES: readonly (readonly ['unresolved' | 'resolved' | 'ignored', number])[] = [
  ['unresolved', 65],
  ['resolved', 25],
  ['ignored', 10],
];

/** A release every few days; some sessions still run the one before (a tab left open). */
export const DAYS_PER_RELEASE = 3;
export const STALE_RELEASE_SHARE = 0.12;
export const FIRST_RELEASE_MINOR = 40;

/** The release name of the n-th (0-based) release of the window. */
export function releaseName(n: number): string {
  return `1.${FIRST_RELEASE_MINOR + n}.0`;
}

/** Team members besides the benchmark's owner who viewed and bookmarked errors (user ids of nobody real). */
export const OTHER_VIEWER_IDS = [900_001, 900_002, 900_003, 900_004];

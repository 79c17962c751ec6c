/**
 * What the generated project looks like: an online shop's visitors, their gear, where they
 * come from, the pages they see and what they do there. Weights are relative shares; the
 * generator draws from them with seeded SQL (random.ts). Benchmarks read these names to
 * build searches that find something (e.g. FUNNEL, ERROR_MESSAGES, benchUserId).
 */

export const SITE_HOST = 'shop.example.com';
export const SITE_ORIGIN = `https://${SITE_HOST}`;
export const CDN_ORIGIN = 'https://cdn.example.com';

export interface Gear {
  browser: string;
  browserVersion: string;
  os: string;
  osVersion: string;
  deviceType: 'desktop' | 'mobile' | 'tablet';
  device: string | null;
  weight: number;
}

/** Browser shares of sessions: Chrome ≈ 65 %, Safari ≈ 18 %, Firefox ≈ 8 %, Edge ≈ 6 %, the rest others. */
export const BROWSER_SHARES: Readonly<Record<string, number>> = {
  Chrome: 0.65,
  'Mobile Safari': 0.13,
  Safari: 0.05,
  Firefox: 0.08,
  Edge: 0.06,
  'Samsung Internet': 0.015,
  Opera: 0.015,
};

const VERSIONS: Readonly<Record<string, string>> = {
  Chrome: '126.0.0.0',
  'Mobile Safari': '17.5',
  Safari: '17.5',
  Firefox: '127.0',
  Edge: '126.0.2592.87',
  'Samsung Internet': '25.0',
  Opera: '111.0.0.0',
};
const OS_VERSIONS: Readonly<Record<string, string>> = { Windows: '10', 'Mac OS': '10.15.7', Linux: '', 'Chrome OS': '14541.0.0', Android: '14', iOS: '17.5.1' };

const ANDROID_PHONES = [
  ['Samsung SM-S918B', 4],
  ['Samsung SM-A546B', 3],
  ['Google Pixel 8', 2],
  ['Xiaomi 2201117TG', 2],
  ['OnePlus CPH2449', 1],
] as const;
const ANDROID_TABLETS = [
  ['Samsung SM-X710', 2],
  ['Lenovo TB-J606F', 1],
] as const;

/** Which systems each browser runs on (share within the browser). */
const SYSTEMS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  Chrome: [
    ['Windows', 0.46],
    ['Android', 0.34],
    ['Mac OS', 0.1],
    ['Linux', 0.05],
    ['iOS', 0.03],
    ['Chrome OS', 0.02],
  ],
  'Mobile Safari': [['iOS', 1]],
  Safari: [['Mac OS', 1]],
  Firefox: [
    ['Windows', 0.7],
    ['Linux', 0.15],
    ['Mac OS', 0.1],
    ['Android', 0.05],
  ],
  Edge: [
    ['Windows', 0.95],
    ['Mac OS', 0.05],
  ],
  'Samsung Internet': [['Android', 1]],
  Opera: [
    ['Windows', 0.8],
    ['Android', 0.2],
  ],
};

/** Every browser / system / device combination with its share of sessions (they add up to 1). */
export function gearCombinations(): Gear[] {
  const out: Gear[] = [];
  for (const [browser, share] of Object.entries(BROWSER_SHARES)) {
    for (const [os, osShare] of SYSTEMS[browser]!) {
      const base = { browser, browserVersion: VERSIONS[browser]!, os, osVersion: OS_VERSIONS[os]! };
      const weight = share * osShare;
      if (os === 'iOS') {
        out.push({ ...base, deviceType: 'mobile', device: 'Apple iPhone', weight: weight * 0.86 });
        out.push({ ...base, deviceType: 'tablet', device: 'Apple iPad', weight: weight * 0.14 });
      } else if (os === 'Android') {
        const phones = ANDROID_PHONES.reduce((a, [, w]) => a + w, 0);
        const tablets = ANDROID_TABLETS.reduce((a, [, w]) => a + w, 0);
        for (const [device, w] of ANDROID_PHONES) out.push({ ...base, deviceType: 'mobile', device, weight: (weight * 0.9 * w) / phones });
        for (const [device, w] of ANDROID_TABLETS) out.push({ ...base, deviceType: 'tablet', device, weight: (weight * 0.1 * w) / tablets });
      } else {
        out.push({ ...base, deviceType: 'desktop', device: null, weight });
      }
    }
  }
  return out;
}

export function userAgentOf(g: Gear): string {
  const platform: Record<string, string> = {
    Windows: 'Windows NT 10.0; Win64; x64',
    'Mac OS': 'Macintosh; Intel Mac OS X 10_15_7',
    Linux: 'X11; Linux x86_64',
    'Chrome OS': 'X11; CrOS x86_64 14541.0.0',
    Android: `Linux; Android 14; ${g.device ?? 'K'}`,
    iOS: g.device === 'Apple iPad' ? 'iPad; CPU OS 17_5_1 like Mac OS X' : 'iPhone; CPU iPhone OS 17_5_1 like Mac OS X',
  };
  const p = platform[g.os] ?? 'X11; Linux x86_64';
  switch (g.browser) {
    case 'Safari':
    case 'Mobile Safari':
      return `Mozilla/5.0 (${p}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5${g.browser === 'Mobile Safari' ? ' Mobile/15E148' : ''} Safari/604.1`;
    case 'Firefox':
      return `Mozilla/5.0 (${p}; rv:127.0) Gecko/20100101 Firefox/127.0`;
    case 'Edge':
      return `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87`;
    case 'Samsung Internet':
      return `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36`;
    case 'Opera':
      return `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0`;
    default:
      return `Mozilla/5.0 (${p}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 ${g.deviceType === 'mobile' ? 'Mobile ' : ''}Safari/537.36`;
  }
}

/** Country (ISO alpha-2, null = unknown), its time zone and language, and its share of sessions. */
export const COUNTRIES: readonly (readonly [string | null, string, string, number])[] = [
  ['US', 'America/New_York', 'en-US', 27],
  ['DE', 'Europe/Berlin', 'de-DE', 9],
  ['GB', 'Europe/London', 'en-GB', 8],
  ['FR', 'Europe/Paris', 'fr-FR', 7],
  ['IN', 'Asia/Kolkata', 'en-IN', 6],
  ['CA', 'America/Toronto', 'en-CA', 4],
  ['BR', 'America/Sao_Paulo', 'pt-BR', 4],
  ['NL', 'Europe/Amsterdam', 'nl-NL', 3],
  ['ES', 'Europe/Madrid', 'es-ES', 3],
  ['IT', 'Europe/Rome', 'it-IT', 3],
  ['JP', 'Asia/Tokyo', 'ja-JP', 3],
  ['PL', 'Europe/Warsaw', 'pl-PL', 2],
  ['AU', 'Australia/Sydney', 'en-AU', 2],
  ['SE', 'Europe/Stockholm', 'sv-SE', 2],
  ['MX', 'America/Mexico_City', 'es-MX', 2],
  ['CH', 'Europe/Zurich', 'de-CH', 1.5],
  ['BE', 'Europe/Brussels', 'fr-BE', 1.5],
  ['AT', 'Europe/Vienna', 'de-AT', 1],
  ['IE', 'Europe/Dublin', 'en-IE', 1],
  ['SG', 'Asia/Singapore', 'en-SG', 1],
  ['ZA', 'Africa/Johannesburg', 'en-ZA', 1],
  ['KR', 'Asia/Seoul', 'ko-KR', 1],
  ['TR', 'Europe/Istanbul', 'tr-TR', 1],
  ['AR', 'America/Argentina/Buenos_Aires', 'es-AR', 1],
  ['PT', 'Europe/Lisbon', 'pt-PT', 0.8],
  ['NO', 'Europe/Oslo', 'nb-NO', 0.7],
  ['DK', 'Europe/Copenhagen', 'da-DK', 0.7],
  ['FI', 'Europe/Helsinki', 'fi-FI', 0.5],
  ['NZ', 'Pacific/Auckland', 'en-NZ', 0.5],
  [null, 'UTC', 'en', 1],
];

/** Where visits come from (null: typed in or bookmarked). */
export const REFERRERS: readonly (readonly [string | null, number])[] = [
  [null, 38],
  ['https://www.google.com/', 30],
  ['https://www.bing.com/', 3],
  ['https://duckduckgo.com/', 2],
  ['https://www.facebook.com/', 5],
  ['https://t.co/', 3],
  ['https://www.instagram.com/', 3],
  ['https://newsletter.example.com/', 5],
  ['https://www.reddit.com/', 2],
  ['https://blog.partner.example.org/', 2],
  ['https://www.youtube.com/', 2],
  ['https://www.pinterest.com/', 1],
  ['https://chatgpt.com/', 1],
];

export const PLANS: readonly (readonly [string, number])[] = [
  ['free', 70],
  ['pro', 25],
  ['enterprise', 5],
];
/** Customer companies (metadata `tenant`), Zipf-distributed over identified users. */
export const TENANT_COUNT = 300;
export const AB_TESTS: readonly (readonly [string, number])[] = [
  ['checkout-v2', 1],
  ['control', 1],
];

/** The identified user of a popularity rank (0 has the most sessions). */
export function benchUserId(rank: number): string {
  return `user-${rank + 1}@example.com`;
}

/** Product pages `/products/{1..PRODUCTS}`, Zipf popularity. */
export const PRODUCTS = 500;
export const CATEGORIES = ['shoes', 'shirts', 'jackets', 'bags', 'hats', 'socks', 'dresses', 'jeans', 'watches', 'sunglasses', 'scarves', 'belts'];
export const BLOG_POSTS = Array.from({ length: 40 }, (_, i) =>
  ['how-to-choose-running-shoes', 'summer-lookbook', 'care-for-leather', 'gift-guide', 'behind-the-seams', 'sustainable-cotton', 'packing-light', 'denim-fits-explained'][i % 8]!.concat(i < 8 ? '' : `-${Math.floor(i / 8) + 1}`),
);
export const SEARCH_TERMS = [
  'shoes', 'red dress', 'rain jacket', 'sneakers', 'gift card', 'backpack', 'wool socks', 'sale', 'linen shirt', 'running',
  'black jeans', 'sun hat', 'leather belt', 'watch', 'kids', 'boots', 'tote bag', 'hoodie', 'scarf', 'sunglasses',
];

/**
 * Page kinds: `landing` is the share among first pages, `browse` among later pages that are
 * not part of the purchase funnel. `items` pages draw an item (product id, category, ...) by Zipf.
 */
export interface PageKind {
  id: number;
  name: string;
  landing: number;
  browse: number;
}
export const PAGE_KINDS = {
  home: { id: 1, name: 'home', landing: 38, browse: 14 },
  product: { id: 2, name: 'product', landing: 20, browse: 30 },
  category: { id: 3, name: 'category', landing: 10, browse: 14 },
  search: { id: 4, name: 'search', landing: 5, browse: 9 },
  blogPost: { id: 5, name: 'blogPost', landing: 14, browse: 5 },
  blog: { id: 6, name: 'blog', landing: 1, browse: 2 },
  pricing: { id: 7, name: 'pricing', landing: 4, browse: 2 },
  account: { id: 8, name: 'account', landing: 2, browse: 7 },
  login: { id: 9, name: 'login', landing: 2, browse: 4 },
  help: { id: 10, name: 'help', landing: 2, browse: 3 },
  about: { id: 11, name: 'about', landing: 1, browse: 1 },
  productList: { id: 12, name: 'productList', landing: 1, browse: 7 },
  cart: { id: 13, name: 'cart', landing: 0, browse: 2 },
  checkout: { id: 14, name: 'checkout', landing: 0, browse: 0 },
  confirmation: { id: 15, name: 'confirmation', landing: 0, browse: 0 },
} as const satisfies Record<string, PageKind>;
export const ACCOUNT_PAGES = ['/account', '/account/orders', '/account/settings', '/account/addresses'];

/**
 * How far a session gets in the purchase funnel: 0 browses only, 1 views a product, 2 adds it
 * to the cart (click "Add to cart" then POST /api/cart), 3 reaches /checkout, 4 buys (click
 * "Buy Now" on /checkout, then /checkout/confirmation). Its last pages are the funnel's.
 */
export const FUNNEL_SHARES = [0.52, 0.25, 0.12, 0.06, 0.05];
export const FUNNEL = {
  productPathPrefix: '/products/',
  addToCart: { label: 'Add to cart', selector: 'button#add-to-cart' },
  cartRequest: { method: 'POST', path: '/api/cart' },
  cartPath: '/cart',
  checkoutPath: '/checkout',
  buyNow: { label: 'Buy Now', selector: 'button#buy-now' },
  orderRequest: { method: 'POST', path: '/api/orders' },
  confirmationPath: '/checkout/confirmation',
  /** Share of "Add to cart" requests that fail with a 5xx. */
  cartFailure: 0.05,
} as const;

/** Ordinary clicks: label, selector, weight. */
export const CLICK_TARGETS: readonly (readonly [string, string, number])[] = [
  ['Accept cookies', 'button#cookie-accept', 14],
  ['Products', 'nav a[href="/products"]', 9],
  ['Home', 'nav a.logo', 7],
  ['Product card', 'a.product-card', 12],
  ['Cart', 'nav a.cart-link', 5],
  ['Search', 'button.search-toggle', 5],
  ['Filter', 'button.filter-toggle', 4],
  ['Sort by', 'select.sort-order', 3],
  ['Load more', 'button.load-more', 4],
  ['Next', 'button.carousel-next', 4],
  ['Size M', 'button.size-option', 4],
  ['Color: Blue', 'button.color-swatch', 3],
  ['Read more', 'article a.read-more', 3],
  ['Account', 'nav a.account-link', 2],
  ['Sign in', 'form.login button[type="submit"]', 2],
  ['Close', 'button.modal-close', 3],
  ['Subscribe', 'form.newsletter button', 1],
  ['Blog', 'footer a[href="/blog"]', 1],
  ['Help', 'footer a[href="/help"]', 1],
  ['Free shipping details', 'a.shipping-info', 1],
];
/** Clicks that end in a burst of rage clicks. */
export const RAGE_TARGETS: readonly (readonly [string, string, number])[] = [
  ['Apply coupon', 'button.apply-coupon', 4],
  ['Next', 'button.carousel-next', 2],
  ['Load more', 'button.load-more', 2],
  ['Add to cart', 'button#add-to-cart', 1],
  ['Continue', 'form.checkout button[type="submit"]', 1],
];
/** Clicks on things that look clickable and are not. */
export const DEAD_TARGETS: readonly (readonly [string, string, number])[] = [
  ['Product photo', 'img.product-photo', 4],
  ['Price', 'span.price', 2],
  ['Free shipping over $50', 'div.promo-banner', 2],
  ['4.5 stars', 'div.rating', 1],
];
export const INPUT_TARGETS: readonly (readonly [string, string, string, number])[] = [
  ['Search', 'input[name="q"]', '', 8],
  ['Email', 'input[type="email"]', '***', 6],
  ['Password', 'input[type="password"]', '***', 3],
  ['Quantity', 'input[name="quantity"]', '2', 3],
  ['Coupon code', 'input[name="coupon"]', '***', 2],
  ['Full name', 'input[name="name"]', '***', 2],
  ['Address', 'input[name="address"]', '***', 2],
  ['Newsletter email', 'form.newsletter input', '***', 1],
];
export const CUSTOM_EVENTS: readonly (readonly [string, string, number])[] = [
  ['product_viewed', '{"source":"listing"}', 6],
  ['filter_applied', '{"filter":"size"}', 3],
  ['add_to_wishlist', '{"list":"default"}', 2],
  ['newsletter_signup', '{"form":"footer"}', 1],
  ['video_played', '{"video":"lookbook"}', 1],
  ['chat_opened', '{"page":"help"}', 1],
];
export const STATE_ACTIONS: readonly (readonly [string, number])[] = [
  ['products/fetchSucceeded', 6],
  ['cart/itemAdded', 3],
  ['ui/menuToggled', 3],
  ['user/sessionRestored', 2],
  ['filters/changed', 2],
  ['cart/itemRemoved', 1],
];
export const GRAPHQL_OPERATIONS: readonly (readonly [string, 'query' | 'mutation', string, number])[] = [
  ['GetProduct', 'query', '{"id":"p-17"}', 6],
  ['ListProducts', 'query', '{"first":24}', 5],
  ['GetCart', 'query', '{}', 3],
  ['Recommendations', 'query', '{"limit":8}', 3],
  ['UpdateCart', 'mutation', '{"item":"p-17","qty":1}', 2],
  ['SubscribeNewsletter', 'mutation', '{"email":"***"}', 1],
];
/** Requests (FETCH): method, path (under SITE_ORIGIN), weight. */
export const REQUESTS: readonly (readonly [string, string, number])[] = [
  ['GET', '/api/products', 10],
  ['GET', '/api/products/17', 6],
  ['GET', '/api/recommendations', 5],
  ['POST', '/api/events', 8],
  ['GET', '/api/cart', 5],
  ['GET', '/api/user', 4],
  ['GET', '/api/search', 3],
  ['GET', '/api/reviews', 3],
  ['PUT', '/api/cart/items', 1],
  ['DELETE', '/api/cart/items', 1],
  ['PATCH', '/api/user/preferences', 1],
  ['GET', '/api/stock', 2],
];
/** Response statuses of ordinary requests: mostly 200, a few 4xx / 5xx, 0 when the network failed. */
export const STATUSES: readonly (readonly [number, number])[] = [
  [200, 88.5],
  [201, 3],
  [204, 2],
  [304, 3.8],
  [400, 0.4],
  [401, 0.4],
  [403, 0.2],
  [404, 0.6],
  [422, 0.1],
  [500, 0.4],
  [502, 0.15],
  [503, 0.05],
  [0, 0.4],
];
export const CONSOLE_MESSAGES: readonly (readonly [string, string, number])[] = [
  ['log', 'app ready', 6],
  ['info', 'service worker registered', 3],
  ['warn', 'Image with src "/img/hero.jpg" has a larger intrinsic size than displayed', 3],
  ['log', 'cart synced', 3],
  ['warn', 'Deprecated API: document.domain', 1],
  ['error', 'Failed to load resource: the server responded with a status of 404 ()', 1],
];
/** JS errors: name, message, source; a handful, Zipf-like. */
export const ERROR_MESSAGES: readonly (readonly [string, string, string, number])[] = [
  ['TypeError', "Cannot read properties of undefined (reading 'price')", 'js_exception', 10],
  ['TypeError', "undefined is not an object (evaluating 'cart.items.length')", 'js_exception', 5],
  ['Error', 'ResizeObserver loop completed with undelivered notifications.', 'js_exception', 4],
  ['TypeError', 'Failed to fetch', 'unhandled_rejection', 3],
  ['ChunkLoadError', 'Loading chunk 417 failed.', 'js_exception', 2],
  ['Error', 'Script error.', 'js_exception', 2],
  ['TypeError', 'products.map is not a function', 'js_exception', 1],
  ['SyntaxError', 'Unexpected token \'<\', "<!DOCTYPE "... is not valid JSON', 'unhandled_rejection', 1],
];

/** Session-level rates of what the issue heuristics would find (the rest come from the events). */
export const ISSUE_RATES = {
  /** Sessions with JS errors (1 to 3 of them on one page). */
  error: 0.05,
  /** Of the sessions with errors: those that end right after the error (crash). */
  crashGivenError: 0.06,
  clickRage: 0.07,
  deadClick: 0.04,
  excessiveScrolling: 0.02,
  missingResource: 0.015,
  highCpu: 0.01,
  memorySpike: 0.01,
} as const;

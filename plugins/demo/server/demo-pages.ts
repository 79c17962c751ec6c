// The demo shop's pages. Static markup only: the app's CSP forbids inline script, so every
// behaviour lives in /demo/demo.js and is wired through `data-demo-action` attributes.

export const SHOP_NAME = 'Grounded Coffee';

export interface DemoPage {
  url: string;
  title: string;
  html: string;
  /** The page with the test switch `brokenCheckout` on, when it differs. */
  brokenHtml?: string;
}

const NAV = [
  { href: '/demo/', label: 'Shop' },
  { href: '/demo/product', label: 'Product' },
  { href: '/demo/checkout', label: 'Checkout' },
];

function layout(current: string, title: string, main: string): string {
  const nav = NAV.map(
    (item) => `<a href="${item.href}"${item.href === current ? ' aria-current="page"' : ''}>${item.label}${item.label === 'Checkout' ? ' <span class="demo-cart" id="demo-cart-count" aria-label="items in cart">0</span>' : ''}</a>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · ${SHOP_NAME}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/demo/demo.css" />
    <script src="/tracker.js" defer></script>
    <script src="/demo/dist/shop.min.js" defer></script>
    <script src="/demo/demo.js" defer></script>
  </head>
  <body>
    <p class="demo-status" id="demo-status" role="status">Starting the recorder…</p>
    <header class="demo-header">
      <a class="demo-logo" href="/demo/"><img class="demo-logo__mark" src="/demo/logo.svg" alt="" width="20" height="20" />${SHOP_NAME}</a>
      <nav class="demo-nav" aria-label="Shop">
        ${nav}
      </nav>
    </header>
    <main class="demo-main">
${main}
    </main>
    <section class="demo-lab" aria-labelledby="demo-lab-title">
      <h2 id="demo-lab-title">Break things</h2>
      <p>Each button leaves a trace in the recording: find it in the session's console, network and errors.</p>
      <div class="demo-lab__buttons">
        <button type="button" data-demo-action="console-error">Log a console error</button>
        <button type="button" data-demo-action="failing-fetch">Call a failing API</button>
        <button type="button" data-demo-action="throw">Throw an exception</button>
        <button type="button" data-demo-action="reject">Reject a promise</button>
        <button type="button" data-demo-action="bad-coupon">Apply an unknown coupon</button>
        <button type="button" data-demo-action="custom-event">Send a custom event</button>
      </div>
      <p class="demo-lab__result" id="demo-lab-result" aria-live="polite"></p>
    </section>
    <footer class="demo-footer">
      A demo website served by your Cassette server. Nothing here is for sale; every visit is recorded into the project whose key is in the address.
    </footer>
  </body>
</html>
`;
}

const home = `      <section class="demo-hero">
        <h1>Freshly roasted, every Monday</h1>
        <p>Single-origin beans from small farms. Click around: this visit is being recorded.</p>
        <form class="demo-search" id="demo-search" role="search">
          <label for="demo-search-input">Search coffee</label>
          <input id="demo-search-input" name="q" type="text" placeholder="e.g. Ethiopia" autocomplete="off" />
          <button type="submit">Search</button>
        </form>
        <p class="demo-search__result" id="demo-search-result" aria-live="polite"></p>
      </section>
      <section class="demo-grid" aria-label="Coffees">
        <article class="demo-card">
          <div class="demo-swatch demo-swatch--guji" aria-hidden="true"></div>
          <h2>Ethiopia Guji</h2>
          <p>Peach, jasmine, black tea.</p>
          <p class="demo-price">€14.50</p>
          <a class="demo-button" href="/demo/product">View details</a>
        </article>
        <article class="demo-card">
          <div class="demo-swatch demo-swatch--huila" aria-hidden="true"></div>
          <h2>Colombia Huila</h2>
          <p>Red apple, caramel, cocoa.</p>
          <p class="demo-price">€12.00</p>
          <button type="button" data-demo-action="add-to-cart" data-product="Colombia Huila">Add to cart</button>
        </article>
        <article class="demo-card">
          <div class="demo-swatch demo-swatch--kenya" aria-hidden="true"></div>
          <h2>Kenya Nyeri</h2>
          <p>Blackcurrant, grapefruit.</p>
          <p class="demo-price">€15.90</p>
          <button type="button" data-demo-action="add-to-cart" data-product="Kenya Nyeri">Add to cart</button>
        </article>
      </section>
      <section class="demo-panel" aria-labelledby="demo-signin-title">
        <h2 id="demo-signin-title">Sign in</h2>
        <p>Signing in calls <code>tracker.setUserID()</code>, so the session shows who you are.</p>
        <form class="demo-inline-form" id="demo-signin">
          <label for="demo-signin-email">Email</label>
          <input id="demo-signin-email" name="email" type="email" placeholder="you@example.com" autocomplete="off" />
          <button type="submit">Sign in</button>
        </form>
        <p id="demo-signin-result" aria-live="polite"></p>
      </section>`;

const product = `      <section class="demo-product">
        <button type="button" class="demo-swatch demo-swatch--guji demo-product__image" data-demo-action="rage" aria-label="Zoom the picture">
          <span>Click to zoom</span>
        </button>
        <div class="demo-product__info">
          <h1>Ethiopia Guji, 250 g</h1>
          <p class="demo-price">€14.50</p>
          <p>A washed heirloom coffee from the Guji zone, grown at 2,100 m. Sweet and floral, best as a pour-over.</p>
          <form class="demo-inline-form" id="demo-add-form">
            <label for="demo-quantity">Quantity</label>
            <input id="demo-quantity" name="quantity" type="number" min="1" max="10" value="1" />
            <button type="submit" data-product="Ethiopia Guji">Add to cart</button>
          </form>
          <p>
            <button type="button" class="demo-link-button" data-demo-action="wishlist" data-product="Ethiopia Guji">Add to wishlist</button>
          </p>
          <p id="demo-product-result" aria-live="polite"></p>
          <a class="demo-button" href="/demo/checkout">Continue to checkout</a>
        </div>
      </section>`;

const checkout = `      <h1>Checkout</h1>
      <div class="demo-checkout">
        <form class="demo-form" id="demo-checkout-form" novalidate>
          <label for="demo-name">Full name</label>
          <input id="demo-name" name="name" type="text" autocomplete="off" />
          <label for="demo-email">Email</label>
          <input id="demo-email" name="email" type="email" autocomplete="off" />
          <label for="demo-password">Create a password</label>
          <input id="demo-password" name="password" type="password" autocomplete="new-password" />
          <fieldset class="demo-private" data-cassette-mask>
            <legend>Payment (masked in recordings)</legend>
            <label for="demo-card">Card number</label>
            <input id="demo-card" name="card" type="text" inputmode="numeric" autocomplete="off" data-cassette-mask />
          </fieldset>
          <button type="submit" class="demo-primary">Place order</button>
          <p class="demo-error" id="demo-checkout-result" aria-live="polite"></p>
        </form>
        <aside class="demo-card demo-address" data-cassette-mask aria-labelledby="demo-address-title">
          <h2 id="demo-address-title">Saved address</h2>
          <p>Jane Cooper<br />4 Privet Drive, Little Whinging<br />+44 20 7946 0958<br />jane.cooper@example.com</p>
          <p class="demo-note">This block is marked <code>data-cassette-mask</code>: recordings never hold its text.</p>
        </aside>
      </div>`;

const CHECKOUT_LINK = '<a class="demo-button" href="/demo/checkout">Continue to checkout</a>';

export const DEMO_PAGES: readonly DemoPage[] = [
  { url: '/demo/', title: 'Shop', html: layout('/demo/', 'Shop', home) },
  {
    url: '/demo/product',
    title: 'Ethiopia Guji',
    html: layout('/demo/product', 'Ethiopia Guji', product),
    brokenHtml: layout('/demo/product', 'Ethiopia Guji', product.replace(CHECKOUT_LINK, '<p class="demo-note" id="demo-checkout-closed">Checkout is closed.</p>')),
  },
  { url: '/demo/checkout', title: 'Checkout', html: layout('/demo/checkout', 'Checkout', checkout) },
];

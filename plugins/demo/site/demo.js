// Behaviour of the Cassette demo shop. Loaded after /tracker.js (both deferred, in order).
(function () {
  'use strict';

  var KEY_STORAGE = 'cassette-demo-project-key';
  var CART_STORAGE = 'cassette-demo-cart';

  function readStorage(key) {
    try {
      return window.sessionStorage.getItem(key);
    } catch (_) {
      return null;
    }
  }

  function writeStorage(key, value) {
    try {
      window.sessionStorage.setItem(key, value);
    } catch (_) {
      // Private modes may refuse storage: the demo still works for this page.
    }
  }

  // The key comes from the link on the onboarding page; remembered so that plain links
  // between the demo pages keep recording into the same project.
  function projectKey() {
    var fromUrl = new URLSearchParams(window.location.search).get('key');
    if (fromUrl) {
      writeStorage(KEY_STORAGE, fromUrl);
      return fromUrl;
    }
    return readStorage(KEY_STORAGE);
  }

  function byId(id) {
    return document.getElementById(id);
  }

  function say(id, text) {
    var element = byId(id);
    if (element) element.textContent = text;
  }

  function showStatus(text, kind) {
    var status = byId('demo-status');
    if (!status) return;
    status.textContent = text;
    status.setAttribute('data-kind', kind);
  }

  function failure(error) {
    return error && error.message ? error.message : String(error);
  }

  function showSession(id) {
    showStatus('Recording this visit. Session ' + id + ': open Cassette to watch it.', 'ok');
    byId('demo-status').setAttribute('data-session-id', id);
  }

  function startTracker() {
    var key = projectKey();
    if (!key) {
      showStatus('Not recording: open this demo from Cassette (Onboarding › Install Cassette › Try it on the demo site) so it knows your project key.', 'warning');
      return null;
    }
    if (typeof window.CassetteTracker !== 'function') {
      showStatus('Not recording: /tracker.js did not load. Is the ingest plugin enabled on this server?', 'warning');
      return null;
    }
    var tracker;
    try {
      // The release of the minified shop bundle, so its errors are mapped with the source map uploaded for it.
      var release = window.GroundedCoffee ? window.GroundedCoffee.release : undefined;
      tracker = new window.CassetteTracker({ projectKey: key, ingestPoint: window.location.origin + '/api/ingest', revID: release });
    } catch (error) {
      showStatus('Not recording: ' + failure(error), 'warning');
      return null;
    }
    showStatus('Starting the recorder…', 'pending');
    // start() resolves with the session id, or with why this visit is not recorded.
    Promise.resolve(tracker.start())
      .then(function (result) {
        var id = (result && result.sessionId) || tracker.getSessionID();
        if (id) showSession(id);
        else showStatus('Not recording: ' + ((result && result.message) || 'the server did not start a session.'), 'warning');
      })
      .catch(function (error) {
        showStatus('Not recording: ' + failure(error), 'warning');
      });
    return tracker;
  }

  var tracker = startTracker();
  // Handy for trying the tracker's API from the browser console.
  window.cassetteDemoTracker = tracker;

  function trackEvent(name, payload) {
    if (tracker && typeof tracker.event === 'function') tracker.event(name, payload);
  }

  function cartCount() {
    return Number(readStorage(CART_STORAGE) || '0') || 0;
  }

  function showCart() {
    say('demo-cart-count', String(cartCount()));
  }

  function addToCart(product, quantity) {
    writeStorage(CART_STORAGE, String(cartCount() + quantity));
    showCart();
    trackEvent('add_to_cart', { product: product, quantity: quantity });
    return product + ' × ' + quantity + ' added to your cart.';
  }

  var actions = {
    'console-error': function () {
      console.error('Demo shop: the payment widget failed to load (code DEMO-42)');
      say('demo-lab-result', 'Logged an error to the console.');
    },
    'failing-fetch': function () {
      fetch('/demo/api/stock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product: 'Ethiopia Guji' }) })
        .then(function (response) {
          say('demo-lab-result', 'The stock API answered ' + response.status + '.');
        })
        .catch(function () {
          say('demo-lab-result', 'The stock API could not be reached.');
        });
    },
    throw: function () {
      say('demo-lab-result', 'Threw an exception (see the console).');
      throw new Error('Demo shop: cart total is not a number');
    },
    'bad-coupon': function () {
      var shop = window.GroundedCoffee;
      if (!shop) {
        say('demo-lab-result', 'The shop bundle (/demo/dist/shop.min.js) did not load.');
        return;
      }
      say('demo-lab-result', 'Applied an unknown coupon: the minified bundle threw (see the console).');
      say('demo-lab-result', shop.applyCoupon(42, 'SPRING24'));
    },
    reject: function () {
      say('demo-lab-result', 'Rejected a promise nobody handles.');
      Promise.reject(new Error('Demo shop: coupon service timed out'));
    },
    'custom-event': function () {
      trackEvent('newsletter_popup_shown', { variant: 'B' });
      say('demo-lab-result', 'Sent the custom event "newsletter_popup_shown".');
    },
    'add-to-cart': function (button) {
      var message = addToCart(button.getAttribute('data-product') || 'Coffee', 1);
      button.textContent = 'Added';
      button.setAttribute('title', message);
    },
    wishlist: function (button) {
      trackEvent('wishlist_add', { product: button.getAttribute('data-product') });
      say('demo-product-result', 'Saved to your wishlist.');
    },
    // Deliberately does nothing: clicking it quickly several times is a rage click.
    rage: function () {},
  };

  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target.closest('[data-demo-action]') : null;
    if (!target) return;
    var action = actions[target.getAttribute('data-demo-action')];
    if (action) action(target);
  });

  function onSubmit(id, handler) {
    var form = byId(id);
    if (!form) return;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      handler(form);
    });
  }

  onSubmit('demo-search', function (form) {
    var query = form.elements.namedItem('q').value.trim();
    say('demo-search-result', query ? 'No coffee matches "' + query + '" yet. Try the Ethiopia Guji.' : 'Type something to search.');
  });

  onSubmit('demo-signin', function (form) {
    var email = form.elements.namedItem('email').value.trim();
    if (!email) {
      say('demo-signin-result', 'Enter an email address.');
      return;
    }
    if (tracker) {
      tracker.setUserID(email);
      tracker.setMetadata('plan', 'demo');
    }
    say('demo-signin-result', 'Signed in. This session now belongs to ' + email + '.');
  });

  onSubmit('demo-add-form', function (form) {
    var quantity = Math.max(1, Math.min(10, Number(form.elements.namedItem('quantity').value) || 1));
    say('demo-product-result', addToCart('Ethiopia Guji', quantity));
  });

  // Placing an order calls an API this demo does not have: a failed request and an error to find later.
  onSubmit('demo-checkout-form', function () {
    say('demo-checkout-result', 'Placing your order…');
    fetch('/demo/api/orders', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ items: cartCount() }) })
      .then(function (response) {
        if (!response.ok) throw new Error('Order API answered ' + response.status);
        say('demo-checkout-result', 'Order placed.');
      })
      .catch(function (error) {
        console.error('Demo shop: could not place the order: ' + error.message);
        say('demo-checkout-result', 'We could not place your order (' + error.message + '). Nothing was charged.');
      });
  });

  showCart();
})();

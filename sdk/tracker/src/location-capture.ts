/**
 * Route changes of a single-page app: `history.pushState`/`replaceState`, back and forward
 * (`popstate`) and hash routes (`#/cart`, `#!/cart`) each record a page visit (LOCATION), as a
 * full page load does, so pages, paths and funnels count the screens the visitor saw. A jump to
 * an anchor of the same page (`#reviews`) is not a new page.
 */
export function routeOf(href: string): string {
  return href.replace(/#(?!!?\/).*$/, '');
}

const METHODS = ['pushState', 'replaceState'] as const;
const EVENTS = ['popstate', 'hashchange'];

/** Calls `onRoute` once per route change; the returned function puts `history` back. */
export function installLocationCapture(win: Window & typeof globalThis, onRoute: () => void): () => void {
  let current = routeOf(win.location.href);
  const check = () => {
    const next = routeOf(win.location.href);
    if (next !== current) {
      current = next;
      onRoute();
    }
  };
  const history = win.history;
  const originals = METHODS.map((m) => history[m]);
  const wrappers = originals.map(
    (original) =>
      function (this: History, ...args: Parameters<History['pushState']>) {
        const result = original.apply(this, args);
        check();
        return result;
      },
  );
  METHODS.forEach((m, i) => (history[m] = wrappers[i]!));
  EVENTS.forEach((type) => win.addEventListener(type, check));
  return () => {
    // Put back only what is still ours: a library that wrapped after us keeps its wrapper.
    METHODS.forEach((m, i) => history[m] === wrappers[i] && (history[m] = originals[i]!));
    EVENTS.forEach((type) => win.removeEventListener(type, check));
  };
}

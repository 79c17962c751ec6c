import { useLocation } from 'react-router-dom';

/** The router's current URL, kept up to date by a `<UrlProbe>`: what a page wrote to the address bar. */
export interface CurrentUrl {
  path: string;
  search: string;
  hash: string;
}

export function createCurrentUrl(): CurrentUrl {
  return { path: '', search: '', hash: '' };
}

/** Renders nothing; copies the router's location into `into` on every render. Place it inside the router. */
export function UrlProbe({ into }: { into: CurrentUrl }) {
  const location = useLocation();
  into.path = location.pathname;
  into.search = location.search;
  into.hash = location.hash;
  return null;
}

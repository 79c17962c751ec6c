import { INERT_URL, rewriteCssUrls as rewriteUrlsOfCss } from '@cassette/recording-safety';

/**
 * The URLs a piece of CSS makes the browser fetch, read by the same CSS tokenizer the player
 * uses (`@cassette/recording-safety`), so the server copies exactly what the replay will ask for.
 */

/** Answers the URL to put instead, or null to leave the reference as it is. */
export type CssUrlReplacer = (url: string) => string | null;

/** Calls `replace` with every URL the CSS references, in order; references it gives no replacement keep their text. */
export function rewriteCssUrls(css: string, replace: CssUrlReplacer): string {
  return rewriteUrlsOfCss(css, { rewrite: (url) => replace(url) ?? url, inert: INERT_URL });
}

/** Every URL the CSS references, as written (unescaped, not resolved). */
export function cssUrls(css: string): string[] {
  const urls: string[] = [];
  rewriteCssUrls(css, (url) => {
    urls.push(url);
    return null;
  });
  return urls;
}

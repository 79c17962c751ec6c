import { OutboundHttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { LighthouseScores } from '../../shared/model.js';
import { containingLighthouseRejections } from './lighthouse-rejections.js';
import { MAX_RESPONSE_BYTES } from './outbound-route.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS: Record<string, string> = {
  firstContentfulPaint: 'first-contentful-paint',
  largestContentfulPaint: 'largest-contentful-paint',
  speedIndex: 'speed-index',
  totalBlockingTime: 'total-blocking-time',
  cumulativeLayoutShift: 'cumulative-layout-shift',
  timeToInteractive: 'interactive',
};

interface Lhr {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { message: string };
}

const score = (lhr: Lhr, id: string) => {
  const value = lhr.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

/** What Lighthouse's gatherers fetch besides the page (robots.txt, source maps): `Network.loadNetworkResource` otherwise. */
interface ResourceFetcher {
  fetchResource(url: string, options?: { timeout: number }): Promise<{ status: number | null; content: string | null }>;
}

/** Lighthouse's fetcher, through the outbound client: a browser-side load would escape the interception. */
function outboundFetcher(outbound: OutboundHttpClient): ResourceFetcher {
  return {
    async fetchResource(url, options = { timeout: 2000 }) {
      const response = await outbound.fetch(url, { method: 'GET', timeoutMs: options.timeout, maxBytes: MAX_RESPONSE_BYTES });
      const ok = response.status >= 200 && response.status <= 299;
      return { status: response.status, content: ok ? response.body.toString('utf8') : null };
    },
  };
}

type GathererClass = new () => { getArtifact(context: { driver: object }): unknown };

/** A gatherer of Lighthouse's whose driver fetches through `fetcher`. */
function fetchingThrough(Base: GathererClass, fetcher: ResourceFetcher): GathererClass {
  return class extends Base {
    override getArtifact(context: { driver: object }) {
      const driver = new Proxy(context.driver, {
        get(target, key) {
          if (key === 'fetcher') return fetcher;
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      return super.getArtifact({ ...context, driver });
    }
  };
}

/** Lighthouse's default config with the two gatherers that fetch resources themselves going through the outbound client. */
async function checkedConfig(outbound: OutboundHttpClient) {
  const fetcher = outboundFetcher(outbound);
  const [{ default: RobotsTxt }, { default: SourceMaps }] = await Promise.all([import('lighthouse/core/gather/gatherers/seo/robots-txt.js'), import('lighthouse/core/gather/gatherers/source-maps.js')]);
  return {
    extends: 'lighthouse:default' as const,
    artifacts: [
      { id: 'RobotsTxt', gatherer: fetchingThrough(RobotsTxt as unknown as GathererClass, fetcher) },
      { id: 'SourceMaps', gatherer: fetchingThrough(SourceMaps as unknown as GathererClass, fetcher) },
    ],
  };
}

/**
 * A Lighthouse audit (performance, accessibility, best practices, SEO; scores 0–100) of the
 * run's first page, in the run's own Chromium through its DevTools port. Lighthouse loads the
 * page in a tab of its own: the caller intercepts every request of the browser for it
 * (browser-interception.ts), and what Lighthouse fetches itself goes through the outbound client
 * too. The address is checked first, so a page the run could not reach says why it was not audited.
 */
export function lighthouseAuditor(outbound: OutboundHttpClient) {
  return async (url: string, port: number, timeoutMs: number): Promise<LighthouseScores> => {
    try {
      await outbound.fetch(url, { method: 'HEAD', maxRedirects: 0, timeoutMs: 5000, maxBytes: 1024 });
    } catch (error) {
      if (error instanceof OutboundHttpError && (error.code === 'refused_address' || error.code === 'invalid_url')) throw new Error(`Not audited: ${error.message}`);
    }
    const { default: lighthouse } = await import('lighthouse');
    const config = await checkedConfig(outbound);
    let timer: NodeJS.Timeout | undefined;
    const result = await containingLighthouseRejections(() => Promise.race([
      lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], formFactor: 'desktop', screenEmulation: { disabled: true }, throttlingMethod: 'provided' }, config as never),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The Lighthouse audit took longer than ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer)));
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) throw new Error('Lighthouse gave no report.');
    const metrics: Record<string, number> = {};
    for (const [name, id] of Object.entries(METRICS)) {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value === 'number') metrics[name] = Math.round(value * 1000) / 1000;
    }
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      metrics,
      ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  };
}

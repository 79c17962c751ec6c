import { OutboundHttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { LighthouseScores } from '../../shared/model.js';

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

/**
 * A Lighthouse audit (performance, accessibility, best practices, SEO; scores 0–100) of the
 * run's first page, in the run's own Chromium through its DevTools port. Lighthouse loads the
 * page in a tab of its own, outside the run's routed context, so the address is checked against
 * the outbound rules first: a page the run could not reach is not audited either.
 */
export function lighthouseAuditor(outbound: OutboundHttpClient) {
  return async (url: string, port: number, timeoutMs: number): Promise<LighthouseScores> => {
    try {
      await outbound.fetch(url, { method: 'HEAD', maxRedirects: 0, timeoutMs: 5000, maxBytes: 1024 });
    } catch (error) {
      if (error instanceof OutboundHttpError && (error.code === 'refused_address' || error.code === 'invalid_url')) throw new Error(`Not audited: ${error.message}`);
    }
    const { default: lighthouse } = await import('lighthouse');
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], formFactor: 'desktop', screenEmulation: { disabled: true }, throttlingMethod: 'provided' }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The Lighthouse audit took longer than ${Math.round(timeoutMs / 1000)} s.`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
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

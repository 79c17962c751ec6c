// The benchmark data generator: realistic sessions, events and issues for a project, at any size.
export { generateSessions } from './generate.js';
export type { GenerateOptions, GenerationProgress, GenerationResult } from './generate.js';
export {
  BROWSER_SHARES,
  COUNTRIES,
  ERROR_MESSAGES,
  FUNNEL,
  FUNNEL_SHARES,
  ISSUE_RATES,
  PLANS,
  SITE_HOST,
  SITE_ORIGIN,
  benchUserId,
} from './catalogue.js';

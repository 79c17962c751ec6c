import { postgresAnalyticsUnderTest } from '../../testing/analytics-contract/postgres-project-store.js';
import { seriesContract } from '../../testing/analytics-contract/series.contract.js';

// The analytics port's series and breakdown contract on this implementation: PGlite here, and
// PostgreSQL when CASSETTE_TEST_DATABASE_URL is set (the test kernel switches). The funnel
// contract (funnel-contract.test.ts) runs on the same loader.
seriesContract(process.env.CASSETTE_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', postgresAnalyticsUnderTest);

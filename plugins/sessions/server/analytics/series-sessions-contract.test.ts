import { postgresAnalyticsUnderTest } from '../../testing/analytics-contract/postgres-project-store.js';
import { seriesSessionsContract } from '../../testing/analytics-contract/series-sessions.contract.js';

// The analytics port's drill-down contract on this implementation: PGlite here, and PostgreSQL
// when CASSETTE_TEST_DATABASE_URL is set (the test kernel switches).
seriesSessionsContract(process.env.CASSETTE_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', postgresAnalyticsUnderTest);

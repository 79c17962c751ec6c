import { funnelContract } from '../../testing/analytics-contract/funnel.contract.js';
import { postgresAnalyticsUnderTest } from '../../testing/analytics-contract/postgres-project-store.js';

// The funnel contract on the PostgreSQL implementation: on PGlite, and on PostgreSQL when
// CASSETTE_TEST_DATABASE_URL is set (the test kernel then boots on a database of its own).
// Not named *.contract.test.ts: those run only in the contract pass of CI, never on PGlite.
// The series contract (series-queries.test.ts) runs on the same loader.
funnelContract(process.env.CASSETTE_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', postgresAnalyticsUnderTest);

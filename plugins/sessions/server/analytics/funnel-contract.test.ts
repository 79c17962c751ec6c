import { sessionsServices } from '../../api.js';
import { funnelContract } from '../../testing/analytics-contract/funnel.contract.js';
import { postgresProjectStore } from '../../testing/analytics-contract/postgres-project-store.js';
import { createSessionsTestKernel } from '../../testing/ingest-stand-in.js';

// The funnel contract on the PostgreSQL implementation: on PGlite, and on PostgreSQL when
// CASSETTE_TEST_DATABASE_URL is set (the test kernel then boots on a database of its own).
// Not named *.contract.test.ts: those run only in the contract pass of CI, never on PGlite.
funnelContract(process.env.CASSETTE_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', async () => {
  const t = await createSessionsTestKernel();
  const store = postgresProjectStore(t);
  return { service: t.kernel.resolve(sessionsServices.analytics), load: store.load, unload: store.unload, close: () => t.close() };
});

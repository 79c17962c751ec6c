import { catalogueContract } from '../../../testing/analytics-contract/catalogue.contract.js';
import { postgresCatalogueUnderTest } from '../../../testing/analytics-contract/postgres-catalogue-store.js';

// The predefined widgets' contract on the PostgreSQL implementation: on PGlite, and on PostgreSQL
// when CASSETTE_TEST_DATABASE_URL is set (the test kernel then boots on a database of its own).
catalogueContract(process.env.CASSETTE_TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite', postgresCatalogueUnderTest);

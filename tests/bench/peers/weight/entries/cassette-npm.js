// Our npm package, started the way sdk/tracker/README.md says.
import { CassetteTracker } from '@cassette/tracker';

new CassetteTracker({ projectKey: 'bench-project-key', ingestPoint: 'http://127.0.0.1:9/api/ingest' }).start();

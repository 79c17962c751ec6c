// @openreplay/tracker, started the way its README says.
import Tracker from '@openreplay/tracker';

new Tracker({ projectKey: 'bench-project-key', ingestPoint: 'http://127.0.0.1:9/ingest' }).start();

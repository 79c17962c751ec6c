// OpenReplay's tracker as its docs install it, pointed at the local sink.
import Tracker from '@openreplay/tracker';

const tracker = new Tracker({
  projectKey: 'bench-project',
  ingestPoint: `${location.origin}/openreplay`,
  // The sink is plain http on localhost; without this the tracker refuses to start.
  __DISABLE_SECURE_MODE: true,
});
void tracker.start();

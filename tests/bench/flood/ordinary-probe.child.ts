// The ordinary session of the flood section, in a process of its own: when the server's event
// loop stalls, this one goes on sending and waiting, so a stall shows in its latencies.
import { IngestClient, type Connection } from './ingest-client.js';
import { ordinaryLatencies } from './flood-load.js';

interface Order {
  connection: Connection;
  label: string;
  count?: number;
  pauseMs?: number;
}

let stopped = false;
process.on('message', (message: Order | 'stop') => {
  if (message === 'stop') {
    stopped = true;
    return;
  }
  const onMeasured = (measured: number) => void process.send!({ measured });
  ordinaryLatencies(new IngestClient(message.connection), message.label, { count: message.count, pauseMs: message.pauseMs, until: () => stopped, onMeasured }).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});

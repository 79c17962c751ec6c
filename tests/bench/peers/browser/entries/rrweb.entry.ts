// The bare recorder: rrweb's events kept in memory and posted as JSON every few seconds, the
// least any recorder built on rrweb has to do.
import { record } from '@rrweb/record';

const FLUSH_EVERY_MS = 5_000;
const KEEPALIVE_LIMIT = 60 * 1024;
const endpoint = `${location.origin}/rrweb/batch`;
let pending: unknown[] = [];

function flush(): void {
  if (pending.length === 0) return;
  const body = JSON.stringify(pending);
  pending = [];
  void fetch(endpoint, { method: 'POST', body, keepalive: body.length < KEEPALIVE_LIMIT, headers: { 'Content-Type': 'application/json' } }).catch(() => undefined);
}

record({ emit: (event) => void pending.push(event) });
setInterval(flush, FLUSH_EVERY_MS);
addEventListener('pagehide', flush);

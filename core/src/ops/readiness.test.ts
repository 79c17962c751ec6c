import { describe, expect, it } from 'vitest';
import { createCapturingLogger } from '../services/capturing-logger.js';
import { checkReadiness } from './readiness.js';

describe('readiness', () => {
  it('is ready when every probe answers', async () => {
    const log = createCapturingLogger();
    const result = await checkReadiness([{ name: 'database', check: async () => 1 }, { name: 'jobs', check: async () => undefined }], log);
    expect(result).toEqual({ ready: true, checks: { database: 'ok', jobs: 'ok' }, down: [] });
  });

  it('names what is down, failing or hanging, and keeps the reason in the server log only', async () => {
    const log = createCapturingLogger();
    const result = await checkReadiness(
      [
        { name: 'database', check: () => new Promise(() => undefined) },
        { name: 'jobs', check: async () => undefined },
        { name: 'blobs', check: () => Promise.reject(new Error('EACCES: permission denied, /srv/cassette/blobs')) },
        { name: 'thrower', check: () => { throw new Error('sync failure'); } },
      ],
      log,
      50,
    );
    expect(result).toEqual({ ready: false, checks: { database: 'down', jobs: 'ok', blobs: 'down', thrower: 'down' }, down: ['database', 'blobs', 'thrower'] });
    expect(JSON.stringify(result)).not.toContain('/srv');
    expect(log.lines.filter((l) => l.msg === 'readiness check failed').map((l) => (l.obj as { check: string }).check).sort()).toEqual(['blobs', 'database', 'thrower']);
  });
});

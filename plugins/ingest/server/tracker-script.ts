import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serviceUnavailable } from '@cassette/plugin-sdk/server';

/** dist/tracker.js of the @cassette/tracker package (it exists once the tracker is built). */
export function defaultTrackerScriptPath(): string {
  const manifest = createRequire(import.meta.url).resolve('@cassette/tracker/package.json');
  return join(dirname(manifest), 'dist', 'tracker.js');
}

/** Reads the script again only when the file changed (a rebuild while the server runs). */
export class TrackerScript {
  private cached: { mtimeMs: number; size: number; body: Buffer } | undefined;

  constructor(private readonly path: string) {}

  async load(): Promise<Buffer> {
    let info;
    try {
      info = await stat(this.path);
    } catch {
      throw serviceUnavailable('The tracker script is not built yet: run `npm run build:tracker` on the server, then reload.', 60);
    }
    if (!this.cached || this.cached.mtimeMs !== info.mtimeMs || this.cached.size !== info.size) {
      this.cached = { mtimeMs: info.mtimeMs, size: info.size, body: await readFile(this.path) };
    }
    return this.cached.body;
  }
}

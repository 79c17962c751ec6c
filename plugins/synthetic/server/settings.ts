import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.synthetic.settings` in config/cassette.json; every limit has a default. */
export const syntheticSettings = defineSettings(
  'synthetic',
  Type.Object({
    chromiumPath: Type.String({ minLength: 1, maxLength: 500, default: '/usr/bin/chromium', description: 'the Chromium binary runs use' }),
    maxBrowsers: Type.Integer({ minimum: 1, maximum: 8, default: 1, description: 'runs this process drives at once (each is a browser); more wait queued' }),
    stepTimeoutMs: Type.Integer({ minimum: 1000, maximum: 300_000, default: 15_000, description: 'time one step may take before it fails' }),
    runTimeoutMs: Type.Integer({ minimum: 5000, maximum: 3_600_000, default: 180_000, description: 'time a whole run may take (Lighthouse included) before its browser is closed' }),
    lighthouse: Type.Boolean({ default: true, description: 'audit the first page of each run with Lighthouse' }),
    video: Type.Boolean({ default: true, description: 'record a WebM video of each run (needs ffmpeg on the PATH)' }),
    ffmpegPath: Type.String({ minLength: 1, maxLength: 500, default: 'ffmpeg', description: 'the ffmpeg binary that encodes run videos' }),
  }),
);

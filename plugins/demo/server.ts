// A small shop with the tracker installed, so a new user can record sessions right away.
import { definePlugin } from '@cassette/plugin-sdk/server';
import { demoAssets, demoDeps } from './server/demo-assets.js';
import { demoSettings } from './server/settings.js';

export default definePlugin({
  id: 'demo',
  settings: demoSettings,
  deps: demoDeps,
  register(r) {
    for (const asset of demoAssets()) r.asset(asset);
  },
});

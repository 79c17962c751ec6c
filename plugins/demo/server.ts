// A small shop with the tracker installed, so a new user can record sessions right away.
import { definePlugin } from '@cassette/plugin-sdk/server';
import { demoAssets } from './server/demo-assets.js';

export default definePlugin({
  id: 'demo',
  register(r) {
    for (const asset of demoAssets()) r.asset(asset);
  },
});

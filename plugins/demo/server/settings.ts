import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.demo.settings` in config/cassette.json. */
export const demoSettings = defineSettings(
  'demo',
  Type.Object({
    brokenCheckout: Type.Boolean({
      default: false,
      description: 'a test switch: the product page loses its "Continue to checkout" link, so a browser test of the checkout fails there',
    }),
  }),
);

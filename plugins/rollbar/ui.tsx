// Browser side of the rollbar plugin: nothing of its own; the integrations plugin renders its form.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'rollbar' });

// Browser side of the elasticsearch plugin: nothing of its own; the integrations plugin renders its form.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'elasticsearch' });

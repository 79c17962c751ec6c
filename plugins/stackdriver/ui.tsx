// Browser side of the Stackdriver plugin: none; the integrations plugin shows its form and lines.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'stackdriver' });

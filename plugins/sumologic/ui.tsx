// Browser side of the Sumo Logic plugin: none; the integrations plugin shows its form and lines.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'sumologic' });

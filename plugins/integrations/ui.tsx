// Browser side of the integrations plugin.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'integrations' });

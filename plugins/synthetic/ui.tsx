import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'synthetic' });

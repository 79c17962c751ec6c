// Browser side of the alert-webhooks plugin: nothing of its own. The alert form (alerts plugin)
// lists the webhooks this plugin delivers to; the webhooks plugin's tab edits them.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'alertWebhooks' });

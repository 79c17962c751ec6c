// Browser side of the Jira plugin: nothing of its own. The integrations plugin draws the form
// from the provider's fields and the player's "Create issue" action calls it.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'jira' });

// Browser side of the CloudWatch plugin: none; the integrations plugin shows its form and lines.
import { defineUiPlugin } from '@cassette/plugin-sdk/ui';

export default defineUiPlugin({ id: 'cloudwatch' });

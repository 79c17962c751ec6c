// posthog-js with its session recorder in the bundle: the side-effect import PostHog documents
// for sites that must not load the recorder from its CDN.
import posthog from 'posthog-js';
import 'posthog-js/dist/posthog-recorder';

posthog.init('phc_bench_project_key', { api_host: 'http://127.0.0.1:9', disable_session_recording: false });

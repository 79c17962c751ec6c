// posthog-js as installed by default: the recorder is fetched later from the assets host
// (`/static/lazy-recorder.js`) when the project's remote config turns recording on.
import posthog from 'posthog-js';

posthog.init('phc_bench_project_key', { api_host: 'http://127.0.0.1:9', disable_session_recording: false });

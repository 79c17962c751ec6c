// posthog-js as its docs install it, with session recording switched on by the (local) remote
// config; it fetches its recorder from `api_host` like it would from its CDN.
import posthog from 'posthog-js';

posthog.init('phc_bench', {
  api_host: `${location.origin}/posthog`,
  person_profiles: 'identified_only',
  // Automated Chromium (navigator.webdriver) is taken for a bot and nothing would be sent.
  opt_out_useragent_filter: true,
  // Recording is what is compared: surveys (loaded as a second script otherwise) stay off.
  disable_surveys: true,
});

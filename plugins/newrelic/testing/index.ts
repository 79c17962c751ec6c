// Test kit of the New Relic plugin: the Insights query API of both data centers as a stand-in.
export { startNewRelicStandIn } from './newrelic-stand-in.js';
export type { DataCenter, NewRelicStandIn, NewRelicStandInOptions } from './newrelic-stand-in.js';

// Test kit of the Sumo Logic plugin: the Search Job API as a stand-in, for any deployment.
export { startSumoLogicStandIn } from './sumologic-stand-in.js';
export type { StandInJob, StandInMessage, SumoLogicStandIn, SumoLogicStandInOptions } from './sumologic-stand-in.js';

import { CassetteTracker } from './tracker';

export { CassetteTracker };
export type { StartResult, StartFailure } from './start-result';
export type { TrackerOptions, NetworkOptions, NetworkRequest, ConsoleMethod } from './options';
export type { SenderStats } from './sender';
export type { InputMode, RecordingConfig } from './protocol';
export { TRACKER_VERSION } from './version';
export default CassetteTracker;

// Entry of the script-tag build: exposes the class as the global `CassetteTracker`.
import { rememberScriptSource } from './start-conditions';
import { CassetteTracker } from './tracker';

const current = typeof document !== 'undefined' ? (document.currentScript as HTMLScriptElement | null) : null;
rememberScriptSource(current?.src || undefined);
(globalThis as unknown as { CassetteTracker: typeof CassetteTracker }).CassetteTracker = CassetteTracker;

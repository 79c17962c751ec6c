// Types of setup.mjs, for the TypeScript tests that reuse its build steps.
import type { SpawnSyncOptions } from 'node:child_process';

export const ROOT: string;
export function run(command: string, args: string[], options?: SpawnSyncOptions): number;
export function ensurePnpm(): void;
export function ensurePackages(): void;
export function ensureUiBuilt(options?: { force?: boolean }): void;
export function ensureTrackerBuilt(options?: { force?: boolean }): void;
export function ensureDemoBuilt(options?: { force?: boolean }): void;
export function ensureCliBuilt(options?: { force?: boolean }): void;
export function ensureChromium(): void;
export function ensureFfmpeg(): void;

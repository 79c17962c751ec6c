export { Kernel } from './kernel/kernel.js';
export type { KernelOptions } from './kernel/kernel.js';
export { loadConfig } from './config/app-config.js';
export type { AppConfig } from './config/app-config.js';
export { loadPlugins } from './kernel/load-plugins.js';
export { BootError } from './boot-error.js';

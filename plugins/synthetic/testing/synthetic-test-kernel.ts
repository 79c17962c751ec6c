// Test support: the synthetic plugin beside the real notifications (bell) and webhooks
// (Slack and generic receivers) plugins it delivers through.
import { createTestKernel, type TestKernel, type TestKernelOptions } from '@cassette/plugin-sdk/testing';
import { notificationsPlugin } from '@cassette/plugin-notifications/testing';
import { webhooksPlugin } from '@cassette/plugin-webhooks/testing';
import { coreServices, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import syntheticPlugin from '../server.js';
import { deps, type SyntheticDeps } from '../server/deps.js';

export interface SyntheticTestKernel extends TestKernel {
  /** The plugin's resolved services, as its jobs get them. */
  deps: SyntheticDeps;
}

/** `settings`: the plugin's settings (short time limits in runner tests); `env`: an outbound allow-list for a local site. */
export async function createSyntheticTestKernel(options: { settings?: Record<string, unknown>; env?: Record<string, string>; mailer?: TestKernelOptions['mailer'] } = {}): Promise<SyntheticTestKernel> {
  const t = await createTestKernel({
    plugins: [notificationsPlugin, webhooksPlugin, syntheticPlugin] as ServerPlugin<DepsMap>[],
    config: { plugins: [{ id: 'synthetic', settings: { lighthouse: false, ...options.settings } }] },
    ...(options.env ? { env: options.env } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  // Tests tick the schedulers at chosen times.
  await t.kernel.resolve(coreServices.jobs).unschedule('synthetic.schedulerTick');
  const resolved = Object.fromEntries(Object.entries(deps).map(([key, ref]) => [key, t.kernel.resolve(ref as never)])) as SyntheticDeps;
  return Object.assign(t, { deps: resolved });
}

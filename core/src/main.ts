import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, REPO_ROOT } from './config/app-config.js';
import { Kernel } from './kernel/kernel.js';
import { loadPlugins } from './kernel/load-plugins.js';

const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const config = loadConfig();
  const plugins = await loadPlugins(config.plugins, join(REPO_ROOT, 'plugins'));
  const kernel = await Kernel.boot({ config, plugins, version });
  const address = await kernel.listen();
  kernel.log.info(
    { address, database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})`, jobs: config.redisUrl ? 'bullmq' : 'in-process', plugins: kernel.pluginOrder },
    `Cassette ${version} is ready at ${config.publicUrl}`,
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    kernel.log.info({ signal }, 'shutting down');
    await kernel.shutdown();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // Boot errors are written for the person starting the server: print the message, not a stack.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\nCassette could not start: ${message}\n`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});

// `npm start`: set up what is missing, then serve the app and API on the embedded default.
import { ensurePackages, ensurePnpm, ensureCliBuilt, ensureDemoBuilt, ensureSyntheticTools, ensureTrackerBuilt, ensureUiBuilt, run } from './setup.mjs';

ensurePnpm();
ensurePackages();
ensureTrackerBuilt();
ensureDemoBuilt();
ensureCliBuilt();
ensureUiBuilt();
ensureSyntheticTools();
process.exitCode = run('node', ['--import', 'tsx', 'src/main.ts'], { cwd: new URL('../core/', import.meta.url).pathname });

// A Vitest reporter: how long each test file took, setup included (environment, imports,
// setup files, hooks such as a test kernel's boot). Vitest's JSON report times the tests only.
// Written next to the JSON report (`--outputFile.json=x.json` gives `x.file-times.json`), which
// `summarize-tests.mjs` reads for the slowest files; without a JSON report it writes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

export const FILE_TIMES_SUFFIX = '.file-times.json';

export default class FileTimesReporter {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules) {
    const json = this.vitest.config.outputFile?.json;
    if (typeof json !== 'string') return;
    const root = this.vitest.config.root;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { file: relative(root, module.moduleId), seconds: Math.round(ms) / 1000 };
    });
    const out = resolve(root, json).replace(/\.json$/, '') + FILE_TIMES_SUFFIX;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ runner: 'vitest', files }, null, 1) + '\n');
  }
}

/**
 * Which output files of a split bundle the page loads at start, and which only later.
 * The part of esbuild's metafile this reads: each output file, its size and what it imports.
 */
export interface BundleOutput {
  bytes: number;
  entryPoint?: string;
  imports: { path: string; kind: string; external?: boolean }[];
}

export interface BundleSplit {
  /** The entry chunk and everything it imports statically: downloaded before the entry runs. */
  eager: string[];
  /** Chunks reached only through `import()`: downloaded when the code asks for them. */
  lazy: string[];
}

/** `entryPoint` as the metafile names it (relative to the build's working directory). */
export function splitOutputs(outputs: Record<string, BundleOutput>, entryPoint: string): BundleSplit {
  const scripts = Object.keys(outputs).filter((path) => !path.endsWith('.map'));
  // Chunks reached through import() name their module as entry point too: only the built entry counts.
  const entries = scripts.filter((path) => outputs[path]!.entryPoint === entryPoint);
  if (entries.length !== 1) throw new Error(`expected one output for the entry ${entryPoint}, found ${entries.length}`);
  const eager = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (eager.has(path)) continue;
    eager.add(path);
    for (const imported of outputs[path]!.imports) {
      if (imported.external || imported.kind !== 'import-statement') continue;
      if (!(imported.path in outputs)) throw new Error(`${path} imports ${imported.path}, which is not among the outputs`);
      pending.push(imported.path);
    }
  }
  return { eager: scripts.filter((p) => eager.has(p)), lazy: scripts.filter((p) => !eager.has(p)) };
}

import { execFileSync } from 'node:child_process';
import { cpus, release, totalmem, type as osType } from 'node:os';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the figures were measured on, printed above them and kept in the JSON. */
export interface MachineFacts {
  cpuModel: string;
  cpuCount: number;
  memoryBytes: number;
  os: string;
  node: string;
  /** Only when a section drives the browser. */
  chromium: string | null;
  commit: string | null;
  /** Files changed since the commit: the figures are of the working tree, not of the commit alone. */
  localChanges: boolean | null;
}

function quietly(command: string, args: string[], cwd: string): string | null {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function describeMachine(repoRoot: string, withChromium: boolean): MachineFacts {
  const processors = cpus();
  const commit = quietly('git', ['rev-parse', '--short=12', 'HEAD'], repoRoot);
  const status = commit === null ? null : quietly('git', ['status', '--porcelain', '--untracked-files=no'], repoRoot);
  return {
    cpuModel: processors[0]?.model.trim() ?? 'unknown',
    cpuCount: processors.length,
    memoryBytes: totalmem(),
    os: `${osType()} ${release()}`,
    node: process.version,
    chromium: withChromium ? (quietly(CHROMIUM_PATH, ['--version'], repoRoot) ?? `not found at ${CHROMIUM_PATH}`) : null,
    commit,
    localChanges: status === null ? null : status.length > 0,
  };
}

export function machineLines(facts: MachineFacts): string[] {
  const memory = `${(facts.memoryBytes / 1024 ** 3).toFixed(1)} GiB`;
  const commit = facts.commit === null ? 'not a git checkout' : `${facts.commit}${facts.localChanges ? ' with local changes' : ''}`;
  return [
    `machine:  ${facts.cpuCount} × ${facts.cpuModel}, ${memory} memory, ${facts.os}`,
    `node:     ${facts.node}`,
    ...(facts.chromium === null ? [] : [`chromium: ${facts.chromium}`]),
    `commit:   ${commit}`,
  ];
}

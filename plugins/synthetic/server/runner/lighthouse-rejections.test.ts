import { describe, expect, it } from 'vitest';
import { containingLighthouseRejections, onUnhandledRejection, raisedByLighthouse } from './lighthouse-rejections.js';

function errorFrom(path: string): Error {
  const error = new Error('Protocol error (Page.enable): Session closed. Most likely the page has been closed.');
  error.stack = `Error: ${error.message}\n    at checkForQuiet (file://${path}:239:7)`;
  return error;
}

describe("Lighthouse's stray rejections", () => {
  it('tells a rejection raised inside Lighthouse from any other', () => {
    expect(raisedByLighthouse(errorFrom('/srv/app/node_modules/.pnpm/lighthouse@12.8.2_x/node_modules/lighthouse/core/gather/driver/wait-for-condition.js'))).toBe(true);
    expect(raisedByLighthouse(errorFrom('/srv/app/node_modules/lighthouse/core/lib/lh-error.js'))).toBe(true);
    expect(raisedByLighthouse(errorFrom('/srv/app/plugins/synthetic/server/runner/execute-run.ts'))).toBe(false);
    expect(raisedByLighthouse('Session closed')).toBe(false);
  });

  it("drops Lighthouse's and throws the others on, as Node does without a listener", () => {
    expect(() => onUnhandledRejection(errorFrom('/a/node_modules/lighthouse/core/gather/session.js'))).not.toThrow();
    const other = new Error('a bug of ours');
    expect(() => onUnhandledRejection(other)).toThrow(other);
  });

  it('listens while an audit runs and after it ended, once however many audits overlap', async () => {
    const count = () => process.listeners('unhandledRejection').filter((l) => l === onUnhandledRejection).length;
    let during = -1;
    await Promise.all([
      containingLighthouseRejections(async () => {
        during = count();
      }),
      containingLighthouseRejections(async () => undefined),
    ]);
    expect(during).toBe(1);
    // The rejection comes once the browser is gone, after the audit's own promise settled.
    expect(count()).toBe(1);
    await expect(containingLighthouseRejections(async () => Promise.reject(new Error('audit failed')))).rejects.toThrow('audit failed');
  });
});

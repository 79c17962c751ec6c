import { describe, expect, it } from 'vitest';
import { parseBenchOptions, UsageError } from './bench-options.js';

const IDS = ['weight', 'browser', 'ingest', 'search', 'replay'];

describe('parseBenchOptions', () => {
  it('runs every section at the default size without flags', () => {
    expect(parseBenchOptions([], IDS)).toEqual({ only: IDS, size: 'default', runs: undefined, json: undefined, help: false });
  });

  it('reads --only, --size, --runs and --json', () => {
    const options = parseBenchOptions(['--only', 'search, weight', '--size', 'large', '--runs', '7', '--json', 'out.json'], IDS);
    // Always the registry's order, whatever order they were asked in.
    expect(options).toEqual({ only: ['weight', 'search'], size: 'large', runs: 7, json: 'out.json', help: false });
    expect(parseBenchOptions(['--only=ingest'], IDS).only).toEqual(['ingest']);
    expect(parseBenchOptions(['--help'], IDS).help).toBe(true);
  });

  it.each([
    [['--only', 'weigth'], /no section "weigth": choose from weight, browser/],
    [['--only', ','], /--only needs at least one section/],
    [['--size', 'huge'], /--size must be default or large, not "huge"/],
    [['--runs', '0'], /--runs must be an integer from 1 to 1000, not "0"/],
    [['--runs', '2.5'], /--runs must be an integer/],
    [['--json', ''], /--json needs a file name/],
    [['--fast'], /Unknown option '--fast'[\s\S]*usage: npm run bench/],
    [['weight'], /usage: npm run bench/],
  ])('refuses %j with a message that says what to type', (argv, message) => {
    expect(() => parseBenchOptions(argv, IDS)).toThrow(UsageError);
    expect(() => parseBenchOptions(argv, IDS)).toThrow(message);
  });
});

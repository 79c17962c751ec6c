import { describe, expect, it } from 'vitest';
import type { BenchSection, SectionOptions } from './section.js';
import { runSections } from './run-sections.js';
import { SECTIONS, sectionFrom } from './sections.js';

const options: SectionOptions = { size: 'default', postgresUrl: null, workDir: '/nonexistent', progress: () => {} };

function section(id: string, run: BenchSection['run']): { id: string; load: () => Promise<BenchSection> } {
  return { id, load: async () => ({ id, title: `Section ${id}`, run }) };
}

describe('runSections', () => {
  it('runs sections in order, one at a time, and keeps going after one fails', async () => {
    const calls: string[] = [];
    let running = 0;
    const ok = (id: string) =>
      section(id, async (o) => {
        running++;
        calls.push(`${id} start ${running}`);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return { id, tables: [{ title: id, head: ['size'], rows: [[o.size]] }], data: { id } };
      });
    const finished: string[] = [];
    const outcomes = await runSections(
      [
        ok('weight'),
        section('browser', async () => {
          throw new Error('Chromium is missing');
        }),
        { id: 'ingest', load: () => Promise.reject(new Error('Cannot find module ingest.section.js')) },
        ok('search'),
      ],
      options,
      { finished: (o) => finished.push(`${o.id} ${o.ok}`) },
    );
    expect(calls).toEqual(['weight start 1', 'search start 1']);
    expect(finished).toEqual(['weight true', 'browser false', 'ingest false', 'search true']);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, true]);
    const failed = outcomes[1]!;
    expect(failed.ok === false && failed.error).toMatch(/Chromium is missing/);
    expect(failed.title).toBe('Section browser');
    const last = outcomes[3]!;
    expect(last.ok && last.result.tables[0]!.rows).toEqual([['default']]);
  });

  it('fails a section that returns results under another id', async () => {
    const [outcome] = await runSections([section('weight', async () => ({ id: 'browser', tables: [], data: null }))], options);
    expect(outcome!.ok).toBe(false);
    expect(outcome!.ok === false && outcome!.error).toMatch(/section "weight" returned results under the id "browser"/);
  });
});

describe('the section registry', () => {
  it('lists each section once, under the id its module uses', async () => {
    const ids = SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('weight');
    const weight = await SECTIONS[0]!.load();
    expect(weight.id).toBe('weight');
  });

  it('finds the exported section whatever the export is called', () => {
    const run: BenchSection['run'] = async () => ({ id: 'x', tables: [], data: null });
    const module = { helper: () => 1, other: { id: 'y', title: 'Y', run }, xSection: { id: 'x', title: 'X', run } };
    expect(sectionFrom('x')(module).title).toBe('X');
    expect(() => sectionFrom('z')(module)).toThrow(/exports no BenchSection with id "z"/);
  });
});

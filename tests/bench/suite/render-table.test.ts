import { describe, expect, it } from 'vitest';
import { renderTable } from './render-table.js';

describe('renderTable', () => {
  it('right-aligns figure columns, prints null as a dash and lines up decimals', () => {
    const text = renderTable({
      title: 'Weight',
      head: ['recorder', 'gzip KB', '× ours'],
      rows: [
        ['ours', 29.6, 1],
        ['a peer', 1234.5, 41.75],
        ['not measured', null, null],
      ],
      notes: ['KB = 1,024 bytes.'],
    });
    expect(text.split('\n')).toEqual([
      'Weight',
      '',
      'recorder     | gzip KB | × ours',
      '-------------|---------|-------',
      'ours         |    29.6 |   1.00',
      'a peer       | 1,234.5 |  41.75',
      'not measured |       – |      –',
      '',
      '  KB = 1,024 bytes.',
    ]);
  });

  it('left-aligns text columns and keeps integers whole', () => {
    const text = renderTable({ title: 'T', head: ['what', 'n'], rows: [['x', 3], ['yy', 12]] });
    expect(text.split('\n').slice(2)).toEqual(['what |  n', '-----|---', 'x    |  3', 'yy   | 12']);
  });

  it('refuses a row that does not match the head', () => {
    expect(() => renderTable({ title: 'T', head: ['a', 'b'], rows: [['only one']] })).toThrow(/row 1 has 1 cells, the head 2/);
  });
});

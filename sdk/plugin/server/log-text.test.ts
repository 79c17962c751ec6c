import { describe, expect, it } from 'vitest';
import { readLogText } from './log-text.js';

describe('readLogText', () => {
  it('reads a JSON line: its message, logger, level and fields', () => {
    const line = readLogText('{"msg":"card declined","logger":"payments","severity":"WARNING","orderId":7}\n');
    expect(line).toEqual({ fields: { msg: 'card declined', logger: 'payments', severity: 'WARNING', orderId: 7 }, message: 'card declined', logger: 'payments', level: 'warn' });
  });

  it('keeps a JSON line without a message whole, and levels it by its text', () => {
    const line = readLogText('{"event":"error budget spent"}  ');
    expect(line.message).toBe('{"event":"error budget spent"}');
    expect(line.logger).toBeUndefined();
    expect(line.level).toBe('error');
  });

  it('shows a text line as written, trailing blanks cut, with the level it names', () => {
    expect(readLogText('ERROR {not json\n')).toEqual({ fields: null, message: 'ERROR {not json', level: 'error' });
    expect(readLogText('[1,2]')).toEqual({ fields: null, message: '[1,2]', level: 'info' });
  });
});

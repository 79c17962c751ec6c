import { describe, expect, it } from 'vitest';
import { SessionFilterCompilerImpl } from './filter-compiler.js';

describe('the filter compiler words an item as the filter bar does', () => {
  const compiler = new SessionFilterCompilerImpl();

  it('names the key and the operator', () => {
    expect(compiler.describe({ type: 'LOCATION', operator: 'isNot', value: ['/a'] })).toEqual({ keyLabel: 'Visited URL', operator: 'isNot', operatorLabel: 'is not' });
    expect(compiler.describe({ type: 'FETCH_STATUS_CODE', operator: '>=', value: [400] })).toEqual({ keyLabel: 'Status Code', operator: '>=', operatorLabel: '≥' });
  });

  it("reads an item without an operator with its key's default", () => {
    expect(compiler.describe({ type: 'CLICK', value: ['Buy'] })).toMatchObject({ operator: 'on', operatorLabel: 'on' });
    expect(compiler.describe({ type: 'ERROR', value: ['TypeError'] })).toMatchObject({ keyLabel: 'Error Message', operator: 'contains', operatorLabel: 'contains' });
  });

  it("falls back to the item's own words for a key it does not know", () => {
    expect(compiler.describe({ type: 'plan', operator: 'is', label: ' Plan ' })).toEqual({ keyLabel: 'Plan', operator: 'is', operatorLabel: 'is' });
    expect(compiler.describe({ type: 'SOMETHING_NEW', operator: 'oddly' })).toEqual({ keyLabel: 'SOMETHING_NEW', operator: 'oddly', operatorLabel: 'oddly' });
  });
});

import { describe, expect, it } from 'vitest';
import { requestItems } from './filter-request.js';

describe('what of the filter rows is sent', () => {
  it('keeps a network request with its filled conditions only', () => {
    expect(
      requestItems([
        {
          type: 'FETCH',
          operator: 'isAny',
          value: [],
          isEvent: true,
          filters: [
            { type: 'FETCH_URL', operator: 'contains', value: ['/api/orders'], isEvent: true },
            { type: 'FETCH_STATUS_CODE', operator: '>=', value: [400], isEvent: true },
            { type: 'FETCH_METHOD', operator: 'is', value: [], isEvent: true },
          ],
        },
      ]),
    ).toEqual([
      {
        type: 'FETCH',
        operator: 'isAny',
        value: [],
        isEvent: true,
        filters: [
          { type: 'FETCH_URL', operator: 'contains', value: ['/api/orders'], isEvent: true },
          { type: 'FETCH_STATUS_CODE', operator: '>=', value: [400], isEvent: true },
        ],
      },
    ]);
  });

  it('needs a threshold on a performance row, and sends it as one number', () => {
    expect(requestItems([{ type: 'TTFB', operator: 'isAny', value: [], source: [], sourceOperator: '>' }])).toEqual([]);
    expect(requestItems([{ type: 'AVG_CPU_LOAD', operator: 'isAny', value: [], source: ['80'], sourceOperator: '>=' }])).toEqual([{ type: 'AVG_CPU_LOAD', operator: 'isAny', value: [], source: [80], sourceOperator: '>=' }]);
    expect(requestItems([{ type: 'LARGEST_CONTENTFUL_PAINT_TIME', operator: 'is', value: ['/checkout'], source: [2500], sourceOperator: '>' }])).toEqual([
      { type: 'LARGEST_CONTENTFUL_PAINT_TIME', operator: 'is', value: ['/checkout'], source: [2500], sourceOperator: '>' },
    ]);
  });

  it('keeps the metadata key of a metadata row, and drops a duration without bounds', () => {
    expect(requestItems([{ type: 'METADATA', operator: 'is', value: ['pro'], source: ['plan'] }])).toEqual([{ type: 'METADATA', operator: 'is', value: ['pro'], source: ['plan'] }]);
    expect(requestItems([{ type: 'DURATION', operator: 'is', value: [null, null] }])).toEqual([]);
    expect(requestItems([{ type: 'DURATION', operator: 'is', value: [null, 300_000] }])).toEqual([{ type: 'DURATION', operator: 'is', value: [null, 300_000] }]);
  });
});

import type { SessionSearchRequest } from '@cassette/plugin-sessions/api';
import { FUNNEL, benchUserId } from './generator/index.js';

export interface TypicalSearch {
  name: string;
  body: SessionSearchRequest;
}

const DAY_MS = 86_400_000;

/**
 * The searches people run most, as the sessions page sends them (`POST /sessions/search2`):
 * the default range (past 7 days), the first page of 10 newest sessions unless a sort is
 * chosen. Values come from the generator's catalogue so each search finds sessions.
 */
export function typicalSearches(now: number): TypicalSearch[] {
  const range = { rangeValue: 'LAST_7_DAYS' as const, startDate: now - 7 * DAY_MS, endDate: now, page: 1, limit: 10, sort: 'startTs' as const, order: 'desc' as const };
  const search = (name: string, body: Partial<SessionSearchRequest>): TypicalSearch => ({ name, body: { ...range, events: [], filters: [], eventsOrder: 'then', ...body } });
  return [
    search('no filter (first page)', {}),
    search('browser is Chrome', { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] }),
    search('country in DE, FR + duration > 60 s', {
      filters: [
        { type: 'USERCOUNTRY', operator: 'is', value: ['DE', 'FR'] },
        { type: 'DURATION', operator: 'is', value: [60_000, null] },
      ],
    }),
    search('visited /checkout', { events: [{ type: 'LOCATION', operator: 'is', value: [FUNNEL.checkoutPath] }] }),
    search('clicked "Buy Now"', { events: [{ type: 'CLICK', operator: 'on', value: [FUNNEL.buyNow.label] }] }),
    search('/products → "Add to cart" → FETCH >= 500', {
      eventsOrder: 'then',
      events: [
        { type: 'LOCATION', operator: 'startsWith', value: [FUNNEL.productPathPrefix] },
        { type: 'CLICK', operator: 'on', value: [FUNNEL.addToCart.label] },
        { type: 'FETCH', operator: 'isAny', value: [], filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: [500] }] },
      ],
    }),
    search('issue is click_rage', { filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] }),
    search('metadata plan = pro', { filters: [{ type: 'METADATA', source: ['plan'], operator: 'is', value: ['pro'] }] }),
    search('error contains "undefined"', { events: [{ type: 'ERROR', operator: 'contains', value: ['undefined'] }] }),
    search('LCP >= 2500 ms on any page', { events: [{ type: 'LARGEST_CONTENTFUL_PAINT_TIME', operator: 'isAny', value: [], source: [2500], sourceOperator: '>=' }] }),
    search('user id is the most active user', { filters: [{ type: 'USERID', operator: 'is', value: [benchUserId(0)] }] }),
    search('sorted by duration (longest)', { sort: 'duration', order: 'desc' }),
  ];
}

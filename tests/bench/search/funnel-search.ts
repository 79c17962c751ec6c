import { FUNNEL } from '../generator/index.js';
import type { TypicalSearch } from '../typical-searches.js';

export const FUNNEL_SEARCH_NAME = 'funnel: /products → "Add to cart" → /checkout';

/**
 * The funnel question (who did A, then B, then C) asked as the ordered sequence search it is
 * answered with until funnels have their own route; range, page and sort are `typical`'s.
 */
export function funnelSearch(typical: TypicalSearch): TypicalSearch {
  return {
    name: FUNNEL_SEARCH_NAME,
    body: {
      ...typical.body,
      eventsOrder: 'then',
      filters: [],
      events: [
        { type: 'LOCATION', operator: 'startsWith', value: [FUNNEL.productPathPrefix] },
        { type: 'CLICK', operator: 'on', value: [FUNNEL.addToCart.label] },
        { type: 'LOCATION', operator: 'is', value: [FUNNEL.checkoutPath] },
      ],
    },
  };
}

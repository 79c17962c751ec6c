import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, sql, type SqlFragment } from '@cassette/plugin-sdk/server';
import { sessionsServices, type FilterCompileContext, type SessionFilterCompiler } from '../../api.js';
import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import { createSessionsTestKernel, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';
import { FILTER_KEYS, METADATA_FILTER, filterKeyDef } from '../../shared/filter-catalogue.js';
import { ADMIN_READER, memberReader } from '../../testing/filter-readers.js';
import { SESSION_NAMES, seedSearchSessions, startOf, type SeededProject, type SessionName } from '../../testing/search-fixture.js';

/**
 * Every filter key with every operator the catalogue allows for it (and every threshold
 * operator, and every sub-filter with each of its operators), run against stored sessions:
 * the answer is the set of sessions, never the SQL text. A key or operator added to the
 * catalogue without a case here fails the coverage checks.
 */

type Names = SessionName[];
interface Case {
  item: SearchFilterItem;
  expected: Names;
}

const ALL: Names = [...SESSION_NAMES];
const but = (...names: Names): Names => ALL.filter((n) => !names.includes(n));
const item = (type: string, operator: string, value: unknown[] = [], rest: Partial<SearchFilterItem> = {}): SearchFilterItem => ({ type, operator, value, ...rest });
const fetch = (filters: SearchFilterItem[]): SearchFilterItem => ({ type: 'FETCH', operator: 'isAny', value: [], filters });
const graphql = (filters: SearchFilterItem[]): SearchFilterItem => ({ type: 'GRAPHQL', operator: 'isAny', value: [], filters });
const threshold = (type: string, operator: string, value: string[], sourceOperator: string, source: number): SearchFilterItem => ({ type, operator, value, sourceOperator, source: [source] });

const CASES: Case[] = [
  // Clicks: the label, or the selector for onSelector / onComponent.
  { item: item('CLICK', 'on', ['Buy now']), expected: ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] },
  { item: item('CLICK', 'on', ['Sign up', 'abc']), expected: ['gamma', 'theta'] },
  { item: item('CLICK', 'on', ['buy now']), expected: [] },
  { item: item('CLICK', 'notOn', ['Buy now']), expected: ['gamma', 'epsilon', 'eta', 'theta'] },
  { item: item('CLICK', 'onAny'), expected: but('zeta') },
  { item: item('CLICK', 'onText', ['Help']), expected: ['epsilon'] },
  { item: item('CLICK', 'onSelector', ['button#buy.secondary']), expected: ['beta'] },
  { item: item('CLICK', 'onSelector', ['button#buy']), expected: [] },
  { item: item('CLICK', 'onComponent', ['BUY.PRIMARY']), expected: ['alpha', 'gamma', 'delta', 'epsilon'] },
  { item: item('CLICK', 'contains', ['now']), expected: ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'eta'] },
  { item: item('CLICK', 'contains', ['%']), expected: ['eta'] },
  { item: item('CLICK', 'contains', ['_']), expected: ['eta'] },
  { item: item('CLICK', 'contains', ['\\']), expected: ['eta'] },
  { item: item('CLICK', 'contains', ['a_c']), expected: [] },
  { item: item('CLICK', 'contains', ['a%c']), expected: [] },
  { item: item('CLICK', 'notContains', ['buy']), expected: ['gamma', 'epsilon', 'eta', 'theta'] },
  { item: item('CLICK', 'startsWith', ['buy']), expected: ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] },
  { item: item('CLICK', 'startsWith', ['100%']), expected: ['eta'] },
  { item: item('CLICK', 'endsWith', ['UP']), expected: ['gamma'] },
  // Inputs: the label.
  { item: item('INPUT', 'is', ['Email']), expected: ['alpha'] },
  { item: item('INPUT', 'is', ['email']), expected: [] },
  { item: item('INPUT', 'isNot', ['Email']), expected: ['eta'] },
  { item: item('INPUT', 'contains', ['EA']), expected: ['eta'] },
  { item: item('INPUT', 'notContains', ['mail']), expected: ['eta'] },
  { item: item('INPUT', 'startsWith', ['em']), expected: ['alpha'] },
  { item: item('INPUT', 'endsWith', ['ch']), expected: ['eta'] },
  { item: item('INPUT', 'isAny'), expected: ['alpha', 'eta'] },
  // Inputs: the typed value too (eta typed "red shoes" in Search; alpha's Email was masked).
  { item: item('INPUT', 'contains', ['shoes']), expected: ['eta'] },
  { item: item('INPUT', 'is', ['red shoes']), expected: ['eta'] },
  // Page visits: the path, or the URL for values starting with http.
  { item: item('LOCATION', 'is', ['/home']), expected: ['alpha', 'gamma', 'delta', 'epsilon', 'eta', 'theta'] },
  { item: item('LOCATION', 'is', ['https://shop.example.test/checkout?step=1']), expected: ['alpha'] },
  { item: item('LOCATION', 'is', ['/nowhere', 'https://shop.example.test/checkout']), expected: ['beta', 'gamma', 'epsilon'] },
  { item: item('LOCATION', 'isNot', ['/home']), expected: ['alpha', 'beta', 'gamma', 'epsilon', 'eta'] },
  { item: item('LOCATION', 'isNot', ['/home', '/checkout']), expected: ['eta'] },
  { item: item('LOCATION', 'contains', ['CHECK']), expected: ['alpha', 'beta', 'gamma', 'epsilon'] },
  { item: item('LOCATION', 'notContains', ['o']), expected: ['eta'] },
  { item: item('LOCATION', 'startsWith', ['/sale']), expected: ['eta'] },
  { item: item('LOCATION', 'startsWith', ['https://shop.example.test/check']), expected: ['alpha', 'beta', 'gamma', 'epsilon'] },
  { item: item('LOCATION', 'endsWith', ['%25']), expected: ['eta'] },
  { item: item('LOCATION', 'isAny'), expected: but('zeta') },
  // Custom events: the name.
  { item: item('CUSTOM', 'is', ['purchase']), expected: ['alpha', 'theta'] },
  { item: item('CUSTOM', 'isNot', ['purchase']), expected: ['epsilon'] },
  { item: item('CUSTOM', 'contains', ['UP']), expected: ['epsilon'] },
  { item: item('CUSTOM', 'notContains', ['purchase']), expected: ['epsilon'] },
  { item: item('CUSTOM', 'startsWith', ['pur']), expected: ['alpha', 'theta'] },
  { item: item('CUSTOM', 'endsWith', ['beat']), expected: ['epsilon'] },
  { item: item('CUSTOM', 'isAny'), expected: ['alpha', 'epsilon', 'theta'] },
  // State actions: the name.
  { item: item('STATEACTION', 'is', ['cart/add']), expected: ['beta'] },
  { item: item('STATEACTION', 'isNot', ['cart/add']), expected: ['delta'] },
  { item: item('STATEACTION', 'contains', ['CART']), expected: ['beta'] },
  { item: item('STATEACTION', 'notContains', ['cart']), expected: ['delta'] },
  { item: item('STATEACTION', 'startsWith', ['user/']), expected: ['delta'] },
  { item: item('STATEACTION', 'endsWith', ['/add']), expected: ['beta'] },
  { item: item('STATEACTION', 'isAny'), expected: ['beta', 'delta'] },
  // Errors: the message or the name.
  { item: item('ERROR', 'is', ['x is undefined']), expected: ['beta'] },
  { item: item('ERROR', 'is', ['RangeError']), expected: ['delta'] },
  { item: item('ERROR', 'isNot', ['x is undefined']), expected: ['delta'] },
  { item: item('ERROR', 'contains', ['range']), expected: ['delta'] },
  { item: item('ERROR', 'notContains', ['error']), expected: [] },
  { item: item('ERROR', 'notContains', ['type']), expected: ['delta'] },
  { item: item('ERROR', 'startsWith', ['index']), expected: ['delta'] },
  { item: item('ERROR', 'endsWith', ['undefined']), expected: ['beta'] },
  { item: item('ERROR', 'isAny'), expected: ['beta', 'delta'] },
  // Network requests: sub-filters, all on the same request.
  { item: fetch([]), expected: ['alpha', 'beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_URL', 'is', ['/cart'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_URL', 'isNot', ['/cart'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_URL', 'contains', ['cart'])]), expected: ['alpha', 'delta'] },
  { item: fetch([item('FETCH_URL', 'notContains', ['https://api.example.test'])]), expected: ['gamma'] },
  { item: fetch([item('FETCH_URL', 'startsWith', ['/cart'])]), expected: ['alpha', 'delta'] },
  { item: fetch([item('FETCH_URL', 'endsWith', ['.png'])]), expected: ['gamma'] },
  { item: fetch([item('FETCH_URL', 'isAny')]), expected: ['alpha', 'beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_STATUS_CODE', '=', [200, 204])]), expected: ['alpha', 'delta'] },
  { item: fetch([item('FETCH_STATUS_CODE', '=', ['500'])]), expected: ['beta'] },
  { item: fetch([item('FETCH_STATUS_CODE', '!=', [200])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_STATUS_CODE', '<', [200])]), expected: ['gamma'] },
  { item: fetch([item('FETCH_STATUS_CODE', '>', [400])]), expected: ['beta', 'gamma'] },
  { item: fetch([item('FETCH_STATUS_CODE', '<=', [204])]), expected: ['alpha', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_STATUS_CODE', '>=', [500])]), expected: ['beta'] },
  { item: fetch([item('FETCH_METHOD', 'is', ['post'])]), expected: ['beta', 'gamma'] },
  { item: fetch([item('FETCH_METHOD', 'isNot', ['GET'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_METHOD', 'isAny')]), expected: ['alpha', 'beta', 'gamma', 'delta'] },
  // TRACE and CONNECT are methods of the catalogue too (spec part 2 §9); no stored request used them.
  { item: fetch([item('FETCH_METHOD', 'is', ['TRACE', 'connect'])]), expected: [] },
  { item: fetch([item('FETCH_DURATION', '=', [120])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_DURATION', '!=', [120])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_DURATION', '<', [50])]), expected: ['gamma'] },
  { item: fetch([item('FETCH_DURATION', '>', [2500])]), expected: ['gamma'] },
  { item: fetch([item('FETCH_DURATION', '<=', [50])]), expected: ['gamma', 'delta'] },
  { item: fetch([item('FETCH_DURATION', '>=', [2500])]), expected: ['beta', 'gamma'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'is', ['{"sku":"A-1"}'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'isNot', ['{"sku":"A-1"}'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'contains', ['SKU'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'notContains', ['sku'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'startsWith', ['{"card'])]), expected: ['beta'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'endsWith', ['"A-1"}'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'isAny')]), expected: ['alpha', 'beta'] },
  { item: fetch([item('FETCH_REQUEST_BODY', 'hasNoValue')]), expected: ['gamma', 'delta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'is', ['{"ok":true}'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'isNot', ['{"ok":true}'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'contains', ['declined'])]), expected: ['beta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'notContains', ['ok'])]), expected: ['beta', 'gamma', 'delta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'startsWith', ['{"error'])]), expected: ['beta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'endsWith', ['true}'])]), expected: ['alpha'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'isAny')]), expected: ['alpha', 'beta'] },
  { item: fetch([item('FETCH_RESPONSE_BODY', 'hasNoValue')]), expected: ['gamma', 'delta'] },
  // Several sub-filters hold on one request: gamma's POST has status 0, delta's cart request is a DELETE.
  { item: fetch([item('FETCH_METHOD', 'is', ['POST']), item('FETCH_STATUS_CODE', '>=', [500])]), expected: ['beta'] },
  { item: fetch([item('FETCH_URL', 'contains', ['cart']), item('FETCH_METHOD', 'is', ['GET'])]), expected: ['alpha'] },
  // GraphQL: sub-filters, all on the same call.
  { item: graphql([]), expected: ['beta', 'gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_NAME', 'is', ['GetCart'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_NAME', 'isNot', ['GetCart'])]), expected: ['gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_NAME', 'contains', ['item'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_NAME', 'notContains', ['cart'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_NAME', 'startsWith', ['get'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_NAME', 'endsWith', ['Item'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_NAME', 'isAny')]), expected: ['beta', 'gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_METHOD', 'is', ['mutation'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_METHOD', 'isNot', ['mutation'])]), expected: ['beta', 'delta'] },
  { item: graphql([item('GRAPHQL_METHOD', 'isAny')]), expected: ['beta', 'gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'is', ['{"id":1}'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'isNot', ['{"id":1}'])]), expected: ['gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'contains', ['sku'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'notContains', ['sku'])]), expected: ['beta', 'delta'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'startsWith', ['{"id'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'endsWith', ['"B"}'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'isAny')]), expected: ['beta', 'gamma'] },
  { item: graphql([item('GRAPHQL_REQUEST_BODY', 'hasNoValue')]), expected: ['delta'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'is', ['{"ok":true}'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'isNot', ['{"ok":true}'])]), expected: ['beta', 'delta'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'contains', ['CART'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'notContains', ['cart'])]), expected: ['gamma', 'delta'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'startsWith', ['{"ok'])]), expected: ['gamma'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'endsWith', ['[]}'])]), expected: ['beta'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'isAny')]), expected: ['beta', 'gamma'] },
  { item: graphql([item('GRAPHQL_RESPONSE_BODY', 'hasNoValue')]), expected: ['delta'] },
  { item: graphql([item('GRAPHQL_METHOD', 'is', ['query']), item('GRAPHQL_NAME', 'contains', ['item'])]), expected: [] },
  // Session attributes. A missing value matches none of the values (isNot, notContains).
  { item: item('USEROS', 'is', ['Linux']), expected: ['alpha', 'eta'] },
  { item: item('USEROS', 'is', ['Windows', 'iOS']), expected: ['beta', 'epsilon', 'zeta'] },
  { item: item('USEROS', 'isNot', ['Linux']), expected: but('alpha', 'eta') },
  { item: item('USEROS', 'contains', ['os']), expected: ['gamma', 'zeta'] },
  { item: item('USEROS', 'notContains', ['in']), expected: ['gamma', 'delta', 'zeta', 'theta'] },
  { item: item('USEROS', 'startsWith', ['win']), expected: ['beta', 'epsilon'] },
  { item: item('USEROS', 'endsWith', ['X']), expected: ['alpha', 'gamma', 'eta'] },
  { item: item('USEROS', 'isAny'), expected: but('theta') },
  { item: item('USEROS', 'hasNoValue'), expected: ['theta'] },
  { item: item('USERBROWSER', 'is', ['Chrome']), expected: ['alpha', 'delta', 'eta', 'theta'] },
  { item: item('USERBROWSER', 'isNot', ['Chrome']), expected: ['beta', 'gamma', 'epsilon', 'zeta'] },
  { item: item('USERBROWSER', 'contains', ['fari']), expected: ['gamma', 'zeta'] },
  { item: item('USERBROWSER', 'notContains', ['r']), expected: ['epsilon'] },
  { item: item('USERBROWSER', 'startsWith', ['fire']), expected: ['beta'] },
  { item: item('USERBROWSER', 'endsWith', ['GE']), expected: ['epsilon'] },
  { item: item('USERBROWSER', 'isAny'), expected: ALL },
  { item: item('USERBROWSER', 'hasNoValue'), expected: [] },
  { item: item('USERDEVICE', 'is', ['iPhone']), expected: ['gamma'] },
  { item: item('USERDEVICE', 'isNot', ['iPhone']), expected: but('gamma') },
  { item: item('USERDEVICE', 'contains', ['ip']), expected: ['gamma', 'zeta'] },
  { item: item('USERDEVICE', 'notContains', ['ip']), expected: but('gamma', 'zeta') },
  { item: item('USERDEVICE', 'startsWith', ['pix']), expected: ['delta'] },
  { item: item('USERDEVICE', 'endsWith', ['ad']), expected: ['zeta'] },
  { item: item('USERDEVICE', 'isAny'), expected: ['gamma', 'delta', 'zeta'] },
  { item: item('USERDEVICE', 'hasNoValue'), expected: but('gamma', 'delta', 'zeta') },
  { item: item('PLATFORM', 'is', ['mobile', 'tablet']), expected: ['gamma', 'delta', 'zeta'] },
  { item: item('PLATFORM', 'isNot', ['desktop']), expected: ['gamma', 'delta', 'zeta', 'theta'] },
  { item: item('PLATFORM', 'isAny'), expected: ALL },
  { item: item('REVID', 'is', ['rev-2']), expected: ['beta', 'epsilon'] },
  { item: item('REVID', 'isNot', ['rev-1']), expected: ['beta', 'delta', 'epsilon', 'zeta'] },
  { item: item('REVID', 'contains', ['V-3']), expected: ['delta'] },
  { item: item('REVID', 'notContains', ['1']), expected: ['beta', 'delta', 'epsilon', 'zeta'] },
  { item: item('REVID', 'startsWith', ['rev-']), expected: but('zeta') },
  { item: item('REVID', 'endsWith', ['-2']), expected: ['beta', 'epsilon'] },
  { item: item('REVID', 'isAny'), expected: but('zeta') },
  { item: item('REVID', 'hasNoValue'), expected: ['zeta'] },
  { item: item('REFERRER', 'is', ['https://search.example.test/']), expected: ['delta', 'epsilon', 'eta', 'theta'] },
  { item: item('REFERRER', 'isNot', ['https://search.example.test/']), expected: ['alpha', 'beta', 'gamma', 'zeta'] },
  { item: item('REFERRER', 'contains', ['q=shoes']), expected: ['alpha'] },
  { item: item('REFERRER', 'notContains', ['search']), expected: ['beta', 'gamma', 'zeta'] },
  { item: item('REFERRER', 'startsWith', ['https://social']), expected: ['gamma'] },
  { item: item('REFERRER', 'endsWith', ['/post']), expected: ['gamma'] },
  { item: item('REFERRER', 'isAny'), expected: but('beta', 'zeta') },
  { item: item('REFERRER', 'hasNoValue'), expected: ['beta', 'zeta'] },
  // Durations: alpha 60 s, beta 120 s, gamma 7 s, delta 30 s, epsilon 300 s, zeta 0, eta 4 s, theta 3 s.
  { item: item('DURATION', 'is', [0, 5000]), expected: ['zeta', 'eta', 'theta'] },
  { item: item('DURATION', 'is', [30_000, null]), expected: ['alpha', 'beta', 'delta', 'epsilon'] },
  { item: item('DURATION', 'is', [null, 7000]), expected: ['gamma', 'zeta', 'eta', 'theta'] },
  { item: item('DURATION', 'is', [0, null]), expected: ALL },
  { item: item('DURATION', 'is', [0, 0]), expected: ['zeta'] },
  { item: item('DURATION', 'is', [null, null]), expected: ALL },
  { item: item('ISSUE', 'is', ['click_rage']), expected: ['alpha', 'epsilon'] },
  { item: item('ISSUE', 'on', ['crash', 'bad_request']), expected: ['beta', 'delta'] },
  { item: item('ISSUE', 'isNot', ['click_rage']), expected: but('alpha', 'epsilon') },
  { item: item('ISSUE', 'notOn', ['click_rage', 'crash']), expected: ['beta', 'gamma', 'zeta', 'eta', 'theta'] },
  { item: item('ISSUE', 'isAny'), expected: ['alpha', 'beta', 'delta', 'epsilon'] },
  { item: item('USERCOUNTRY', 'is', ['FR']), expected: ['alpha', 'delta', 'eta'] },
  { item: item('USERCOUNTRY', 'isNot', ['FR', 'US']), expected: ['beta', 'epsilon', 'theta'] },
  { item: item('USERCOUNTRY', 'isAny'), expected: but('theta') },
  { item: item('USERCOUNTRY', 'hasNoValue'), expected: ['theta'] },
  { item: item('USERID', 'is', ['ada@example.test']), expected: ['alpha', 'eta'] },
  { item: item('USERID', 'isNot', ['ada@example.test']), expected: but('alpha', 'eta') },
  { item: item('USERID', 'contains', ['@EXAMPLE']), expected: ['alpha', 'eta'] },
  { item: item('USERID', 'notContains', ['a']), expected: ['beta', 'gamma', 'zeta', 'theta'] },
  { item: item('USERID', 'startsWith', ['ca']), expected: ['delta'] },
  { item: item('USERID', 'endsWith', ['ve']), expected: ['epsilon'] },
  { item: item('USERID', 'isAny'), expected: ['alpha', 'beta', 'delta', 'epsilon', 'eta'] },
  { item: item('USERID', 'hasNoValue'), expected: ['gamma', 'zeta', 'theta'] },
  { item: item('USERANONYMOUSID', 'is', ['anon-1']), expected: ['gamma'] },
  { item: item('USERANONYMOUSID', 'isNot', ['anon-1']), expected: but('gamma') },
  { item: item('USERANONYMOUSID', 'contains', ['NON']), expected: ['gamma', 'epsilon'] },
  { item: item('USERANONYMOUSID', 'notContains', ['1']), expected: but('gamma') },
  { item: item('USERANONYMOUSID', 'startsWith', ['anon']), expected: ['gamma', 'epsilon'] },
  { item: item('USERANONYMOUSID', 'endsWith', ['-2']), expected: ['epsilon'] },
  { item: item('USERANONYMOUSID', 'isAny'), expected: ['gamma', 'epsilon'] },
  { item: item('USERANONYMOUSID', 'hasNoValue'), expected: but('gamma', 'epsilon') },
  // Page timings (alpha /home 100/800/1200 and /checkout 300/2500/3000, beta /checkout 900/4000/5000, gamma /home ttfb 50).
  { item: threshold('DOM_COMPLETE', 'isAny', [], '>=', 1000), expected: ['alpha', 'beta'] },
  { item: threshold('DOM_COMPLETE', 'is', ['/home'], '>=', 500), expected: ['alpha'] },
  { item: threshold('DOM_COMPLETE', 'is', [], '>=', 3000), expected: ['beta'] },
  { item: threshold('DOM_COMPLETE', 'isNot', ['/home'], '>=', 500), expected: ['alpha', 'beta'] },
  { item: threshold('DOM_COMPLETE', 'contains', ['check'], '<', 3000), expected: ['alpha'] },
  { item: threshold('DOM_COMPLETE', 'notContains', ['check'], '>', 0), expected: ['alpha'] },
  { item: threshold('DOM_COMPLETE', 'startsWith', ['/ho'], '<=', 800), expected: ['alpha'] },
  { item: threshold('DOM_COMPLETE', 'endsWith', ['out'], '=', 4000), expected: ['beta'] },
  { item: threshold('DOM_COMPLETE', 'isAny', [], '>', 2500), expected: ['beta'] },
  { item: threshold('DOM_COMPLETE', 'isAny', [], '<', 2500), expected: ['alpha'] },
  { item: { type: 'DOM_COMPLETE', operator: 'isAny', value: [] }, expected: ['alpha', 'beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isAny', [], '>=', 2500), expected: ['alpha', 'beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isAny', [], '>', 3000), expected: ['beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isAny', [], '<', 1500), expected: ['alpha'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isAny', [], '<=', 3000), expected: ['alpha'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isAny', [], '=', 5000), expected: ['beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'is', ['/checkout'], '<', 4000), expected: ['alpha'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'isNot', ['/checkout'], '>', 0), expected: ['alpha'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'contains', ['HOME'], '>=', 0), expected: ['alpha'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'notContains', ['home'], '>=', 0), expected: ['alpha', 'beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'startsWith', ['/check'], '>=', 4000), expected: ['beta'] },
  { item: threshold('LARGEST_CONTENTFUL_PAINT_TIME', 'endsWith', ['me'], '<', 2000), expected: ['alpha'] },
  { item: threshold('TTFB', 'isAny', [], '<', 100), expected: ['gamma'] },
  { item: threshold('TTFB', 'isAny', [], '<=', 100), expected: ['alpha', 'gamma'] },
  { item: threshold('TTFB', 'isAny', [], '>', 300), expected: ['beta'] },
  { item: threshold('TTFB', 'isAny', [], '>=', 300), expected: ['alpha', 'beta'] },
  { item: threshold('TTFB', 'isAny', [], '=', 50), expected: ['gamma'] },
  { item: threshold('TTFB', 'is', ['/home'], '<=', 100), expected: ['alpha', 'gamma'] },
  { item: threshold('TTFB', 'isNot', ['/home'], '>=', 0), expected: ['alpha', 'beta'] },
  { item: threshold('TTFB', 'contains', ['OM'], '<', 60), expected: ['gamma'] },
  { item: threshold('TTFB', 'notContains', ['home'], '>=', 0), expected: ['alpha', 'beta'] },
  { item: threshold('TTFB', 'startsWith', ['/h'], '>', 60), expected: ['alpha'] },
  { item: threshold('TTFB', 'endsWith', ['kout'], '>', 500), expected: ['beta'] },
  // Averages: CPU alpha 20, beta 80, delta 50 (%); memory alpha 50, beta 400 (MB).
  { item: threshold('AVG_CPU_LOAD', 'isAny', [], '>', 50), expected: ['beta'] },
  { item: threshold('AVG_CPU_LOAD', 'isAny', [], '>=', 50), expected: ['beta', 'delta'] },
  { item: threshold('AVG_CPU_LOAD', 'isAny', [], '<', 50), expected: ['alpha'] },
  { item: threshold('AVG_CPU_LOAD', 'isAny', [], '<=', 50), expected: ['alpha', 'delta'] },
  { item: threshold('AVG_CPU_LOAD', 'isAny', [], '=', 20), expected: ['alpha'] },
  { item: { type: 'AVG_CPU_LOAD', operator: 'isAny', source: '79.5', sourceOperator: 'above' }, expected: ['beta'] },
  { item: { type: 'AVG_CPU_LOAD', operator: 'isAny' }, expected: ['alpha', 'beta', 'delta'] },
  { item: threshold('AVG_MEMORY_USAGE', 'isAny', [], '>', 50), expected: ['beta'] },
  { item: threshold('AVG_MEMORY_USAGE', 'isAny', [], '>=', 50), expected: ['alpha', 'beta'] },
  { item: threshold('AVG_MEMORY_USAGE', 'isAny', [], '<', 100), expected: ['alpha'] },
  { item: threshold('AVG_MEMORY_USAGE', 'isAny', [], '<=', 50), expected: ['alpha'] },
  { item: threshold('AVG_MEMORY_USAGE', 'isAny', [], '=', 400), expected: ['beta'] },
  // Failed requests (beta /pay 500, gamma cdn /img.png 404 and /track 0): path or URL.
  { item: item('FETCH_FAILED', 'isAny'), expected: ['beta', 'gamma'] },
  { item: item('FETCH_FAILED', 'is', []), expected: ['beta', 'gamma'] },
  { item: item('FETCH_FAILED', 'is', ['/pay']), expected: ['beta'] },
  { item: item('FETCH_FAILED', 'isNot', ['/pay']), expected: ['gamma'] },
  { item: item('FETCH_FAILED', 'contains', ['PNG']), expected: ['gamma'] },
  { item: item('FETCH_FAILED', 'notContains', ['a']), expected: ['gamma'] },
  { item: item('FETCH_FAILED', 'startsWith', ['https://cdn']), expected: ['gamma'] },
  { item: item('FETCH_FAILED', 'endsWith', ['ay']), expected: ['beta'] },
  // Metadata (plan: alpha pro, beta free, epsilon pro, eta Pro; team: alpha red, gamma blue).
  { item: item('METADATA', 'is', ['pro'], { source: ['plan'] }), expected: ['alpha', 'epsilon'] },
  { item: item('METADATA', 'isNot', ['pro'], { source: ['plan'] }), expected: but('alpha', 'epsilon') },
  { item: item('METADATA', 'contains', ['PRO'], { source: ['plan'] }), expected: ['alpha', 'epsilon', 'eta'] },
  { item: item('METADATA', 'notContains', ['pro'], { source: ['plan'] }), expected: but('alpha', 'epsilon', 'eta') },
  { item: item('METADATA', 'startsWith', ['fr'], { source: ['plan'] }), expected: ['beta'] },
  { item: item('METADATA', 'endsWith', ['ro'], { source: ['plan'] }), expected: ['alpha', 'epsilon', 'eta'] },
  { item: item('METADATA', 'isAny', [], { source: ['plan'] }), expected: ['alpha', 'beta', 'epsilon', 'eta'] },
  { item: item('METADATA', 'hasNoValue', [], { source: ['plan'] }), expected: ['gamma', 'delta', 'zeta', 'theta'] },
  { item: item('METADATA', 'is', ['red'], { source: 'team' }), expected: ['alpha'] },
  // Dates in metadata (signup, set in beforeAll: alpha 2026-01-15, beta 2026-03-01T10:00Z,
  // epsilon an hour ago in epoch ms; gamma text and delta an impossible day never match).
  { item: item('METADATA', 'before', ['2026-02-01'], { source: ['signup'] }), expected: ['alpha'] },
  { item: item('METADATA', 'after', ['2026-02-01T00:00:00Z'], { source: ['signup'] }), expected: ['beta', 'epsilon'] },
  { item: item('METADATA', 'withinLast', ['1d'], { source: ['signup'] }), expected: ['epsilon'] },
  // A project metadata key as the type.
  { item: item('team', 'is', ['blue']), expected: ['gamma'] },
  { item: item('team', 'isAny'), expected: ['alpha', 'gamma'] },
];

/** An admin reads every key; the Developer Tools refusal has its own tests below. */
const AS_ADMIN = { reader: ADMIN_READER };
const CONTEXT = { ...AS_ADMIN, metadataKeys: ['team', 'plan'] };

function covered(): { operators: Set<string>; sourceOperators: Set<string> } {
  const operators = new Set<string>();
  const sourceOperators = new Set<string>();
  for (const { item: c } of CASES) {
    operators.add(`${c.type} ${c.operator}`);
    if (c.sourceOperator) sourceOperators.add(`${c.type} ${c.sourceOperator}`);
    for (const sub of c.filters ?? []) operators.add(`${sub.type} ${sub.operator}`);
  }
  return { operators, sourceOperators };
}

describe('SessionFilterCompiler against stored sessions', () => {
  let t: SessionsTestKernel;
  let compiler: SessionFilterCompiler;
  let projectId: number;
  let seeded: SeededProject;
  let foreignIds: Set<string>;

  const run = async (fragment: SqlFragment): Promise<Record<string, unknown>[]> => t.ctx.sql(fragment);
  const names = (ids: string[]): Names => {
    const foreign = ids.filter((id) => foreignIds.has(id));
    if (foreign.length) throw new Error(`sessions of another project came back: ${foreign.join(', ')}`);
    return [...new Set(ids.map((id) => seeded.nameOf.get(id)!))].sort((a, b) => ALL.indexOf(a) - ALL.indexOf(b));
  };
  const matching = async (filter: SessionSearchFilter, context: FilterCompileContext = CONTEXT): Promise<Names> =>
    names((await run(compiler.sessionsMatching(projectId, filter, context))).map((r) => r.session_id as string));
  const withEvents = async (step: SearchFilterItem, range?: { startDate?: number; endDate?: number }): Promise<Names> =>
    names((await run(compiler.eventsMatching(projectId, step, range ?? {}, CONTEXT))).map((r) => r.session_id as string));
  const sorted = (list: Names): Names => [...list].sort((a, b) => ALL.indexOf(a) - ALL.indexOf(b));

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    compiler = t.kernel.resolve(sessionsServices.filterCompiler);
    const { projectId: id, tenantId } = await t.createTenant();
    projectId = id;
    seeded = await seedSearchSessions(t, projectId, tenantId, 'cmp');
    const signup: Partial<Record<SessionName, string>> = { alpha: '2026-01-15', beta: '2026-03-01T10:00:00Z', gamma: 'last spring', delta: '2026-02-31', epsilon: String(Date.now() - 3_600_000) };
    for (const [name, value] of Object.entries(signup)) {
      await t.ctx.sql(sql`update sessions_sessions set metadata = metadata || jsonb_build_object('signup', ${value}::text) where session_id = ${seeded.idOf[name as SessionName]}`);
    }
    // The same sessions in another tenant's project must never come back.
    const other = await t.createTenant();
    foreignIds = new Set(Object.values((await seedSearchSessions(t, other.projectId, other.tenantId, 'foreign')).idOf));
  });
  afterAll(async () => t?.close());

  describe.each(FILTER_KEYS.map((def) => [def.key, def] as const))('%s', (key, def) => {
    const cases = CASES.filter((c) => c.item.type === key);

    it('has a case for every operator, sub-filter operator and threshold operator', () => {
      const { operators, sourceOperators } = covered();
      for (const op of def.operators) expect(operators, `${key} ${op}`).toContain(`${key} ${op}`);
      for (const sub of def.subFilters ?? []) for (const op of filterKeyDef(sub)!.operators) expect(operators, `${sub} ${op}`).toContain(`${sub} ${op}`);
      for (const op of def.source?.operators ?? []) expect(sourceOperators, `${key} source ${op}`).toContain(`${key} ${op}`);
    });

    it('finds the expected sessions, in events and in filters alike', async () => {
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        const label = JSON.stringify(c.item);
        const expected = sorted(c.expected);
        expect(await matching({ filters: [c.item] }), `filters: ${label}`).toEqual(expected);
        expect(await matching({ events: [c.item] }), `events: ${label}`).toEqual(expected);
        if (def.isEvent) expect(await withEvents(c.item), `eventsMatching: ${label}`).toEqual(expected);
      }
    });
  });

  it('covers every METADATA operator, in both forms', async () => {
    const { operators } = covered();
    for (const op of METADATA_FILTER.operators) expect(operators).toContain(`METADATA ${op}`);
    for (const c of CASES.filter((x) => x.item.type === 'METADATA' || CONTEXT.metadataKeys.includes(x.item.type))) {
      expect(await matching({ filters: [c.item] }), JSON.stringify(c.item)).toEqual(sorted(c.expected));
    }
    // A date operator takes one date (or a span for withinLast), and only on keys that hold dates.
    await expect(matching({ filters: [item('METADATA', 'before', ['soon'], { source: ['signup'] })] })).rejects.toThrow(/"before" takes one date or time, like 2026-11-02/);
    await expect(matching({ filters: [item('METADATA', 'withinLast', ['7 days'], { source: ['signup'] })] })).rejects.toThrow(/"withinLast" takes a span back from now, like 30m, 24h or 7d/);
    await expect(matching({ filters: [item('METADATA', 'after', ['2026-01-01', '2026-02-01'], { source: ['signup'] })] })).rejects.toThrow(/"after" takes one value; got 2/);
    await expect(matching({ filters: [item('USERID', 'after', ['2026-01-01'])] })).rejects.toThrow(/Operator "after" compares dates, and USERID holds no dates/);
    expect(await matching({ filters: [item('signup', 'before', ['2026-02-01'])] }, { ...CONTEXT, metadataKeys: ['signup'] })).toEqual(['alpha']);
    // Without the project's keys, a metadata key is not a filter key.
    await expect(matching({ filters: [item('team', 'is', ['blue'])] }, AS_ADMIN)).rejects.toThrow(/Unknown filter key "team"/);
  });

  it('ignores items whose operator needs values but which have none', async () => {
    expect(await matching({ filters: [item('USEROS', 'is', [])] })).toEqual(ALL);
    expect(await matching({ filters: [item('USEROS', 'contains', ['', null])] })).toEqual(ALL);
    expect(await matching({ events: [item('CLICK', 'on', [''])], filters: [item('ISSUE', 'is', [])] })).toEqual(ALL);
    expect(await matching({ events: [fetch([item('FETCH_STATUS_CODE', '=', [])])] })).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    // The other steps keep their order when an empty one drops out.
    expect(await matching({ events: [item('LOCATION', 'is', ['/checkout']), item('CLICK', 'on', []), item('CLICK', 'on', ['Buy now'])] })).toEqual(['beta']);
  });

  describe('date range and durations', () => {
    it('keeps sessions started within [startDate, endDate]', async () => {
      expect(await matching({ startDate: startOf('beta'), endDate: startOf('epsilon') })).toEqual(['beta', 'gamma', 'delta', 'epsilon']);
      expect(await matching({ startDate: startOf('eta') })).toEqual(['eta', 'theta']);
      expect(await matching({ endDate: startOf('alpha') })).toEqual(['alpha']);
      expect(await matching({ startDate: startOf('theta') + 1 })).toEqual([]);
    });

    it('bounds the duration, 0 included', async () => {
      expect(await matching({ minDuration: 0 })).toEqual(ALL);
      expect(await matching({ maxDuration: 0 })).toEqual(['zeta']);
      expect(await matching({ minDuration: 0, maxDuration: 4000 })).toEqual(['zeta', 'eta', 'theta']);
      expect(await matching({ minDuration: 30_000, maxDuration: 120_000 })).toEqual(['alpha', 'beta', 'delta']);
      // A DURATION item and the bounds both hold.
      expect(await matching({ minDuration: 30_000, filters: [item('DURATION', 'is', [null, 60_000])] })).toEqual(['alpha', 'delta']);
    });

    it('limits the events of a funnel step to the range', async () => {
      const buy = item('CLICK', 'on', ['Buy now']);
      expect(await withEvents(buy, { startDate: startOf('gamma'), endDate: startOf('delta') + 60_000 })).toEqual(['gamma', 'delta']);
      // The step's events themselves are bounded: gamma's click came 3 s after its start.
      expect(await withEvents(buy, { startDate: startOf('gamma') + 3001 })).toEqual(['delta', 'epsilon']);
    });
  });

  describe('event order', () => {
    const home = item('LOCATION', 'is', ['/home']);
    const buy = item('CLICK', 'on', ['Buy now']);
    const checkout = item('LOCATION', 'is', ['/checkout']);

    it('then: each step after the previous one', async () => {
      expect(await matching({ events: [home, buy, checkout] })).toEqual(['alpha', 'gamma', 'epsilon']);
      expect(await matching({ events: [home, buy, checkout], eventsOrder: 'then' })).toEqual(['alpha', 'gamma', 'epsilon']);
      expect(await matching({ events: [checkout, buy] })).toEqual(['beta']);
      // One event cannot serve two steps.
      expect(await matching({ events: [buy, buy] })).toEqual(['epsilon']);
      expect(await matching({ events: [buy, buy, buy] })).toEqual([]);
    });

    it('and: every step, in any order; or: any step', async () => {
      expect(await matching({ events: [checkout, buy], eventsOrder: 'and' })).toEqual(['alpha', 'beta', 'gamma', 'epsilon']);
      expect(await matching({ events: [item('STATEACTION', 'is', ['cart/add']), item('CUSTOM', 'is', ['signup'])], eventsOrder: 'or' })).toEqual(['beta', 'epsilon']);
      expect(await matching({ events: [item('STATEACTION', 'is', ['cart/add']), item('CUSTOM', 'is', ['signup'])], eventsOrder: 'and' })).toEqual([]);
    });

    it('strict: no page visit, click, input or custom event between two steps', async () => {
      // gamma clicked Sign up in between; delta's error is not a user action.
      expect(await matching({ events: [home, buy], strict: true })).toEqual(['alpha', 'delta', 'epsilon']);
      // epsilon: the first Buy now is followed by Help, the second one by the checkout.
      expect(await matching({ events: [buy, checkout], strict: true })).toEqual(['gamma', 'epsilon']);
      expect(await matching({ events: [home, buy, checkout], strict: true })).toEqual([]);
      expect(await matching({ events: [item('ERROR', 'contains', ['range']), buy], strict: true })).toEqual(['delta']);
      expect(await matching({ events: [home, item('ERROR', 'isAny')], strict: true })).toEqual(['delta']);
      // strict only changes then.
      expect(await matching({ events: [home, buy, checkout], eventsOrder: 'and', strict: true })).toEqual(['alpha', 'gamma', 'epsilon']);
    });

    it('combines steps with the date range, attributes and required events', async () => {
      expect(await matching({ events: [home, buy, checkout], startDate: startOf('gamma') })).toEqual(['gamma', 'epsilon']);
      expect(await matching({ events: [home, buy], filters: [item('USERBROWSER', 'is', ['Chrome'])] })).toEqual(['alpha', 'delta']);
      // A session key among the events is a condition on the session; an event key among the filters must exist.
      expect(await matching({ events: [item('USERBROWSER', 'is', ['Edge']), home, buy] })).toEqual(['epsilon']);
      expect(await matching({ events: [buy], filters: [item('CLICK', 'on', ['Help'])] })).toEqual(['epsilon']);
    });

    it('holds everything of a full request at once: steps, sub-filters, thresholds, attributes, dates', async () => {
      const filter: SessionSearchFilter = {
        events: [item('LOCATION', 'is', ['/checkout']), fetch([item('FETCH_METHOD', 'is', ['POST']), item('FETCH_STATUS_CODE', '>=', [500])])],
        filters: [
          item('USEROS', 'isNot', ['Linux']),
          threshold('AVG_CPU_LOAD', 'isAny', [], '>=', 50),
          threshold('TTFB', 'is', ['/checkout'], '>', 500),
          item('ISSUE', 'is', ['bad_request']),
          item('METADATA', 'is', ['free'], { source: ['plan'] }),
        ],
        eventsOrder: 'then',
        startDate: startOf('alpha'),
        endDate: startOf('theta'),
        minDuration: 0,
        rangeValue: 'CUSTOM_RANGE',
      };
      expect(await matching(filter)).toEqual(['beta']);
      expect(await matching({ ...filter, events: [...filter.events!].reverse() })).toEqual([]);
    });
  });

  it('keeps to the caller\'s bookmarks with bookmarked: true, and only with a viewer', async () => {
    await t.ctx.sql(
      sql`insert into sessions_favorites (session_id, user_id, project_id) values (${seeded.idOf.beta}, 4242, ${projectId}), (${seeded.idOf.eta}, 4242, ${projectId}), (${seeded.idOf.alpha}, 4343, ${projectId})`,
    );
    expect(await matching({ bookmarked: true }, { ...AS_ADMIN, viewerId: 4242 })).toEqual(['beta', 'eta']);
    expect(await matching({ bookmarked: true, filters: [item('USERBROWSER', 'is', ['Chrome'])] }, { ...AS_ADMIN, viewerId: 4242 })).toEqual(['eta']);
    expect(await matching({ bookmarked: false }, { ...AS_ADMIN, viewerId: 4242 })).toEqual(ALL);
    expect(await matching({ bookmarked: true }, AS_ADMIN)).toEqual(ALL);
  });

  it('serves as a subquery: sessionsMatching in a count, eventsMatching in a join, sessionConditions in a where', async () => {
    const sessions = compiler.sessionsMatching(projectId, { events: [item('CLICK', 'on', ['Buy now'])] }, AS_ADMIN);
    const [count] = await run(sql`select count(*)::int as n from (${sessions}) x`);
    expect(count!.n).toBe(5);

    const steps = compiler.eventsMatching(projectId, item('LOCATION', 'is', ['/home']), {}, AS_ADMIN);
    const joined = await run(sql`select s.session_id, count(*)::int as visits from sessions_sessions s join (${steps}) step on step.session_id = s.session_id where s.user_browser = ${'Chrome'} group by s.session_id`);
    expect(names(joined.map((r) => r.session_id as string))).toEqual(['alpha', 'delta', 'eta', 'theta']);
    expect(joined.every((r) => r.visits === 1)).toBe(true);

    const conditions = compiler.sessionConditions(projectId, { filters: [item('USERCOUNTRY', 'is', ['FR'])] }, AS_ADMIN);
    const rows = await run(sql`select s.session_id from sessions_sessions s where s.duration_ms > ${10_000} and ${conditions}`);
    expect(names(rows.map((r) => r.session_id as string))).toEqual(['alpha', 'delta']);
  });

  it('answers 400 for a funnel step that is not an event', () => {
    expect(() => compiler.eventsMatching(projectId, item('USEROS', 'is', ['Linux']), {}, AS_ADMIN)).toThrow(/USEROS is a session attribute/);
    expect(() => compiler.eventsMatching(projectId, item('LOCATION', 'is', ['/home']), { startDate: -1 }, AS_ADMIN)).toThrow(HttpError);
  });

  it('reads a step with no value as any event of its kind', async () => {
    expect(await withEvents(item('INPUT', 'is', []))).toEqual(['alpha', 'eta']);
  });

  describe('Developer Tools keys', () => {
    const replayOnly = { reader: memberReader('SESSION_REPLAY'), metadataKeys: ['team', 'plan'] };
    const withDevTools = { reader: memberReader('SESSION_REPLAY', 'DEV_TOOLS'), metadataKeys: ['team', 'plan'] };
    const refusal = (fn: () => unknown): HttpError => {
      try {
        fn();
      } catch (error) {
        if (error instanceof HttpError) return error;
        throw error;
      }
      throw new Error('expected a refusal');
    };
    const bodySearch = fetch([item('FETCH_RESPONSE_BODY', 'contains', ['"ok"'])]);

    it('refuses a response-body search to a member without DEV_TOOLS, naming the filter and the permission', () => {
      const refused = refusal(() => compiler.sessionsMatching(projectId, { filters: [bodySearch] }, replayOnly));
      expect(refused.statusCode).toBe(403);
      expect(refused.message).toBe(
        'Not allowed: filters[0]: the Network Request filter (FETCH, FETCH_RESPONSE_BODY) reads Developer Tools data, and your role lacks the Developer Tools permission. Please check with your admin.',
      );
    });

    it('refuses every key on Developer Tools data, in steps, filters and funnel steps alike, even without values', () => {
      const devToolsKeys = FILTER_KEYS.filter((def) => def.needsDevTools);
      expect(devToolsKeys.map((def) => def.key)).toEqual(['FETCH', 'GRAPHQL', 'STATEACTION', 'AVG_CPU_LOAD', 'AVG_MEMORY_USAGE', 'FETCH_FAILED']);
      for (const def of devToolsKeys) {
        const bare = item(def.key, def.defaultOperator, []);
        expect(refusal(() => compiler.sessionConditions(projectId, { events: [bare] }, replayOnly)).statusCode, `events: ${def.key}`).toBe(403);
        expect(refusal(() => compiler.sessionConditions(projectId, { filters: [bare] }, replayOnly)).statusCode, `filters: ${def.key}`).toBe(403);
        if (def.isEvent) expect(refusal(() => compiler.eventsMatching(projectId, bare, {}, replayOnly)).statusCode, `eventsMatching: ${def.key}`).toBe(403);
      }
    });

    it('answers a member holding DEV_TOOLS as it answers an admin, and leaves the other keys to everyone', async () => {
      const filter = { filters: [bodySearch] };
      expect(await matching(filter, withDevTools)).toEqual(await matching(filter, CONTEXT));
      const ordinary = { events: [item('LOCATION', 'is', ['/checkout'])], filters: [item('TTFB', 'isAny', [], { sourceOperator: '>=', source: [0] }), item('ISSUE', 'is', ['bad_request'])] };
      expect(await matching(ordinary, replayOnly)).toEqual(await matching(ordinary, CONTEXT));
    });

    it('will not compile without a reader: a caller that forgets it fails loudly rather than reading everything', () => {
      const noReader = { metadataKeys: [] } as unknown as FilterCompileContext;
      expect(() => compiler.sessionsMatching(projectId, { filters: [bodySearch] }, noReader)).toThrow(/needs the reader/);
      expect(() => compiler.eventsMatching(projectId, bodySearch, {}, noReader)).toThrow(/needs the reader/);
    });
  });
});

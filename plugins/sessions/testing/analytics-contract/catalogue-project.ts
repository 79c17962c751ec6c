// The data the catalogue contract (the predefined dashboard widgets) loads: the contract's one
// project model (contract-project.ts: sessions and issues) with what the widgets read besides —
// pages with their timings, requests, resources, performance samples and JS errors, and the
// session details the widgets group by. Each implementation supplies one loader for it.
import type { AnalyticsQueryService } from '../../api.js';
import type { ContractProject, ContractSession } from './contract-project.js';

/** The page timings (ms from the navigation's start) as the tracker sends them (sdk/tracker PageTimings). */
export interface CataloguePageTimings {
  ttfb?: number;
  domContentLoaded?: number;
  domContentLoadedStart?: number;
  load?: number;
  firstContentfulPaint?: number;
  firstPaint?: number;
  speedIndex?: number;
  timeToInteractive?: number;
  domBuilding?: number;
  responseTime?: number;
  responseEnd?: number;
}

interface Positioned {
  sessionId: string;
  /** Epoch ms. */
  ts: number;
}

export type CatalogueEvent =
  | (Positioned & { kind: 'page'; path: string; timings: CataloguePageTimings })
  | (Positioned & { kind: 'request'; url: string; method: string; status: number; duration: number })
  | (Positioned & { kind: 'resource'; url: string; initiator: string; duration: number; status: number | null; failed: boolean })
  | (Positioned & { kind: 'sample'; cpu: number; memoryUsed: number | null; fps: number | null })
  | (Positioned & { kind: 'error'; name: string; message: string });

export interface CatalogueSession extends ContractSession {
  browserVersion: string | null;
  /** The session's first page (its host is the site's own party). */
  firstUrl: string | null;
}

/** Sessions and issues as in every contract project (no funnel events); the widgets' events apart. */
export interface CatalogueProject extends ContractProject {
  sessions: CatalogueSession[];
  catalogueEvents: CatalogueEvent[];
}

export interface CatalogueUnderTest {
  service: AnalyticsQueryService;
  /** Stores the project in a project of its own, as recorded sessions are stored; answers its id. */
  load(project: CatalogueProject): Promise<number>;
  close(): Promise<void>;
}

export type CatalogueUnderTestFactory = () => Promise<CatalogueUnderTest>;

/** The host of a URL, as the tracker's rows keep it (with its port). */
export const hostOf = (url: string): string => new URL(url).host;
export const pathOf = (url: string): string => new URL(url).pathname;

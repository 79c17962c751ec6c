import type { BenchSection } from './section.js';

/** What a section needs from the machine: the runner checks for it and names its version in the header. */
export type SectionNeed = 'chromium' | 'postgres';

export interface RegisteredSection {
  id: string;
  needs: SectionNeed[];
  /** Imported only when the section runs, so one that fails to load fails alone. */
  load(): Promise<BenchSection>;
}

/** The section a module exports, whatever it named the export. */
export function sectionFrom(id: string) {
  return (module: Record<string, unknown>): BenchSection => {
    const found = Object.values(module).find(
      (value): value is BenchSection => typeof value === 'object' && value !== null && (value as BenchSection).id === id && typeof (value as BenchSection).run === 'function',
    );
    if (!found) throw new Error(`the module of section "${id}" exports no BenchSection with id "${id}"`);
    return found;
  };
}

/** In the order they run. Adding a section is one line here. */
export const SECTIONS: RegisteredSection[] = [
  { id: 'weight', needs: [], load: () => import('../peers/weight/weight.section.js').then(sectionFrom('weight')) },
  { id: 'browser', needs: ['chromium'], load: () => import('../peers/browser/browser.section.js').then(sectionFrom('browser')) },
  { id: 'ingest', needs: ['postgres'], load: () => import('../ingest/ingest.section.js').then(sectionFrom('ingest')) },
  { id: 'flood', needs: ['postgres'], load: () => import('../flood/flood.section.js').then(sectionFrom('flood')) },
  { id: 'search', needs: ['postgres'], load: () => import('../search/search.section.js').then(sectionFrom('search')) },
  { id: 'funnels', needs: ['postgres'], load: () => import('../funnels/funnels.section.js').then(sectionFrom('funnels')) },
  { id: 'catalogue', needs: ['postgres'], load: () => import('../catalogue/catalogue.section.js').then(sectionFrom('catalogue')) },
  { id: 'replay', needs: ['chromium'], load: () => import('../replay/replay.section.js').then(sectionFrom('replay')) },
  { id: 'assist', needs: ['chromium'], load: () => import('../assist/live.section.js').then(sectionFrom('assist')) },
  { id: 'sourcemaps', needs: [], load: () => import('../sourcemaps/sourcemaps.section.js').then(sectionFrom('sourcemaps')) },
];

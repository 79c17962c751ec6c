import { assetPages } from './assets.js';
import { dynamicPages } from './dynamic.js';
import { formPages } from './forms.js';
import { graphicsPages } from './graphics.js';
import { mediaPages } from './media.js';
import type { FidelityPage } from './page.js';
import { structurePages } from './structure.js';

export const FIDELITY_PAGES: FidelityPage[] = [...formPages, ...dynamicPages, ...graphicsPages, ...mediaPages, ...assetPages, ...structurePages];

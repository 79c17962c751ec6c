import type { Template } from './model.js';

/**
 * Custom-step templates every organization has (custom false). Custom code runs in the page
 * under test, as the body of an async function: `await` works, a thrown error fails the step.
 */
export const BUILT_IN_TEMPLATES: readonly Template[] = [
  {
    templateId: -1,
    name: 'Wait for text',
    framework: 'any',
    custom: false,
    code: `const text = 'Thank you';\nwhile (!document.body.innerText.includes(text)) await new Promise((r) => setTimeout(r, 100));`,
  },
  {
    templateId: -2,
    name: 'Assert element exists',
    framework: 'any',
    custom: false,
    code: `if (!document.querySelector('#checkout')) throw new Error('#checkout is missing');`,
  },
  {
    templateId: -3,
    name: 'Assert page title',
    framework: 'any',
    custom: false,
    code: `if (!document.title.includes('Shop')) throw new Error('Unexpected title: ' + document.title);`,
  },
  {
    templateId: -4,
    name: 'Scroll to bottom',
    framework: 'any',
    custom: false,
    code: `window.scrollTo(0, document.body.scrollHeight);`,
  },
];

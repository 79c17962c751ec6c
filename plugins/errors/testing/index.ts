// Test kit of the errors plugin: the plugin itself, for other plugins' test kernels that read its errors.
export { default as errorsPlugin } from '../server.js';

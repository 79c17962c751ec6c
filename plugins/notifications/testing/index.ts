// Test kit of the notifications plugin: the plugin itself, for other plugins' test kernels that notify.
export { default as notificationsPlugin } from '../server.js';

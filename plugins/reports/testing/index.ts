// Test kit of the reports plugin: the plugin itself, a real SMTP catcher, and its test kernel.
export { default as reportsPlugin } from '../server.js';
export { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './smtp-catcher.js';

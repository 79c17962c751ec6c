// Test kit of the metrics plugin: the plugin itself, for other plugins' test kernels that read its metrics.
export { default as metricsPlugin } from '../server.js';
export { createMetricsTestKernel, type MetricsTestKernel } from './metrics-test-kernel.js';

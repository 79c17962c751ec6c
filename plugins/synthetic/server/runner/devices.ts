import type { Device, NetworkProfile } from '../../shared/model.js';

/** Viewports of the two devices a run can emulate. */
export const DEVICE_PROFILES: Record<Device, { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean; userAgent?: string }> = {
  desktop: { viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false },
  mobile: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 CassetteSynthetic',
  },
};

export interface NetworkConditions {
  offline: boolean;
  /** Added to every request's round trip, ms. */
  latency: number;
  /** Bytes per second; -1: not limited. */
  downloadThroughput: number;
  uploadThroughput: number;
}

/** Network conditions per profile, as DevTools names them (throughput in bytes per second, latency in ms). */
export const NETWORK_CONDITIONS: Record<NetworkProfile, NetworkConditions> = {
  wifi: { offline: false, latency: 2, downloadThroughput: -1, uploadThroughput: -1 },
  '4g': { offline: false, latency: 20, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (9 * 1024 * 1024) / 8 },
  '3g': { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  offline: { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0 },
};

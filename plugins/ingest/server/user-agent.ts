import { UAParser } from 'ua-parser-js';
import type { DeviceType, IngestSession } from '../api.js';

/** What a session's facts take from the user agent. */
export type ParsedUserAgent = Pick<IngestSession, 'browser' | 'browserVersion' | 'os' | 'osVersion' | 'device' | 'deviceType'>;

const DESKTOP_OSES = /^(windows|mac os|macos|linux|ubuntu|debian|fedora|chromium os|chrome os|freebsd|openbsd|netbsd|solaris|mint|arch|gentoo|suse|red hat|centos|manjaro)/i;

/** Browser, OS and device from a User-Agent header; `maxTouchPoints` tells an iPad posing as a Mac. */
export function parseUserAgent(userAgent: string, maxTouchPoints?: number): ParsedUserAgent {
  const result = new UAParser(userAgent.slice(0, 1024)).getResult();
  const os = result.os.name ?? null;
  let deviceType: DeviceType;
  let device = [result.device.vendor, result.device.model].filter(Boolean).join(' ') || null;
  switch (result.device.type) {
    case 'mobile':
      deviceType = 'mobile';
      break;
    case 'tablet':
      deviceType = 'tablet';
      break;
    case undefined:
      // iPadOS asks for desktop sites with a Mac user agent; only touch support gives it away.
      if (os && /^mac os/i.test(os) && (maxTouchPoints ?? 0) > 1) {
        deviceType = 'tablet';
        device = 'Apple iPad';
      } else deviceType = os && DESKTOP_OSES.test(os) ? 'desktop' : 'other';
      break;
    default:
      deviceType = 'other';
  }
  return {
    browser: result.browser.name ?? null,
    browserVersion: result.browser.version ?? null,
    os,
    osVersion: result.os.version ?? null,
    device,
    deviceType,
  };
}

import { HttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import type { CaptchaConfig } from '../config/app-config.js';

export const CAPTCHA_MISSING = 'Complete the captcha under the form, then create the account.';
export const CAPTCHA_REFUSED = 'The captcha was not accepted. Solve it again, then create the account.';
export const CAPTCHA_UNREACHABLE = 'The captcha could not be checked right now. Try again in a moment.';

/**
 * Checks a signup's captcha answer with the operator's provider (hCaptcha, reCAPTCHA and
 * Turnstile share the siteverify form: secret, response, remoteip → { success }). Without a
 * configured provider there is nothing to check and any answer sent is ignored.
 */
export async function verifyCaptcha(captcha: CaptchaConfig | undefined, outbound: OutboundHttpClient, answer: string | undefined, ip: string): Promise<void> {
  if (!captcha) return;
  if (!answer) throw new HttpError(400, CAPTCHA_MISSING);
  const form = new URLSearchParams({ secret: captcha.secret, response: answer, remoteip: ip });
  let verdict: { success?: unknown };
  try {
    const res = await outbound.fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      okOnly: true,
      timeoutMs: 10_000,
      maxBytes: 64 * 1024,
    });
    verdict = JSON.parse(res.body.toString('utf8')) as { success?: unknown };
  } catch {
    throw new HttpError(503, CAPTCHA_UNREACHABLE);
  }
  if (verdict.success !== true) throw new HttpError(400, CAPTCHA_REFUSED);
}

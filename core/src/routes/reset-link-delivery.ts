import type { Logger } from '@cassette/plugin-sdk/server';
import { issueOneTimeToken } from '../domain/one-time-tokens.js';
import { resetMail } from '../domain/reset-mail.js';
import { resetLink, type CoreRuntime } from './core-runtime.js';

export interface ResetLinkRecipient {
  id: number;
  email: string;
  name: string;
}

/**
 * Issues a reset token and mails the link, after the request has been answered: the answer
 * then takes as long for an unknown address as for a member's, so its timing tells nobody
 * which addresses have an account. Failures are logged; the caller never learns of them.
 */
export function deliverResetLinkLater(core: CoreRuntime, user: ResetLinkRecipient, log: Logger): void {
  void deliver(core, user).catch((error: unknown) => log.error({ err: error }, 'could not send the reset mail'));
}

async function deliver(core: CoreRuntime, user: ResetLinkRecipient): Promise<void> {
  const token = await issueOneTimeToken(core.db.em(), user.id, 'reset');
  await core.mailer.send(resetMail(user, resetLink(core, token)));
}

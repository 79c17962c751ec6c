import type { MailMessage } from '@cassette/plugin-sdk/server';

/** The password reset mail: the link goes to the account's own mailbox, never to whoever asked. */
export function resetMail(user: { email: string; name: string }, link: string): MailMessage {
  return {
    to: user.email,
    subject: 'Reset your Cassette password',
    text: `Hello ${user.name},\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf you did not ask for it, ignore this mail.`,
  };
}

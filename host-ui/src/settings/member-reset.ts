/**
 * What `GET /client/members/{id}/reset` answers: an invitee's new invitation link (shown for
 * the admin to share), or, for a member who has joined, only that a reset link was mailed to
 * them: a link that opens someone's account never reaches whoever asked for it.
 */
export type MemberResetAnswer = { mailed: false; invitationLink: string } | { mailed: true; email: string };

export function mailedResetMessage(answer: { email: string }): string {
  return `A password reset link was mailed to ${answer.email}. It works for one hour.`;
}

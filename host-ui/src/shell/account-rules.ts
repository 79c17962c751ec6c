/** Small rules about accounts, members and projects that the shell's screens share. */
import { memberManageRefusal, readSiteHost } from '@cassette/plugin-sdk/ui';

/** Only admins and super admins may add a project, and only while the remaining-projects limit is not zero. */
export function canAddProject(account: { admin: boolean; superAdmin: boolean; limits?: { projects?: { remaining: number } } }): boolean {
  return (account.admin || account.superAdmin) && account.limits?.projects?.remaining !== 0;
}

/** Inviting is disabled once the team-member limit is used up (-1 means unlimited). */
export function canInviteMember(account: { limits?: { teamMember?: { remaining: number } } }): boolean {
  return account.limits?.teamMember?.remaining !== 0;
}

/** The user menu shows the first name (or the e-mail's local part when there is no name). */
export function firstName(name: string | null | undefined, email = ''): string {
  const first = (name ?? '').trim().split(/\s+/)[0];
  return first || email.split('@')[0] || '';
}

export function roleLabel(account: { superAdmin: boolean; admin: boolean; roleName?: string | null }): string {
  if (account.superAdmin) return 'Owner';
  if (account.admin) return 'Admin';
  return account.roleName || 'Member';
}

/**
 * Why the signed-in account may not manage a member's row, or null when it may: the owner
 * manages everyone, an admin the plain members only, each themselves (the server's rule).
 */
export function memberLockReason(account: { id: number; admin: boolean; superAdmin: boolean }, member: { id: number; admin: boolean; superAdmin: boolean }): string | null {
  return memberManageRefusal(account, member, account.id === member.id);
}

/** A member who has not joined yet is 'Pending', or 'Invitation expired' once the link expired. */
export function memberState(member: { joined: boolean; expiredInvitation: boolean }): 'Pending' | 'Invitation expired' | null {
  if (member.joined) return null;
  return member.expiredInvitation ? 'Invitation expired' : 'Pending';
}

export const SITE_EXISTS = 'Site exists already. Please choose another one.';

/** A new name may not equal another project's name (trimmed, case-insensitive). */
export function duplicateSiteName(name: string, projects: readonly { id: number; name: string }[], editingId?: number): boolean {
  const wanted = name.trim().toLowerCase();
  return projects.some((p) => p.id !== editingId && p.name.trim().toLowerCase() === wanted);
}

/**
 * What is wrong with a project's stored host: none (projects from before the host was asked), or
 * text that is not a host. Either way the player cannot tell the site's pages from any other
 * origin a recording names. null when the host is fine.
 */
export function projectHostProblem(host: string | null | undefined): 'missing' | 'invalid' | null {
  if (!host?.trim()) return 'missing';
  return readSiteHost(host).ok ? null : 'invalid';
}

/** The Projects tab's prompt for the projects whose host is missing or unreadable. */
export function hostPrompt(projects: readonly { name: string; host: string }[], isAdmin: boolean): string | null {
  const lacking = projects.filter((p) => projectHostProblem(p.host));
  if (lacking.length === 0) return null;
  const one = lacking.length === 1;
  const who = one ? `The project “${lacking[0]!.name}” has no valid host, so its` : `${lacking.length} projects have no valid host, so their`;
  const fix = isAdmin ? `Edit ${one ? 'it' : 'each'} to set the host of the website it records.` : `Ask an admin to set ${one ? 'it' : 'them'}.`;
  return `${who} replays trust any page address a recording names. ${fix}`;
}

/** Calm colours that keep white initials readable; the user's hash picks one, so a user keeps it everywhere. */
const AVATAR_COLOURS = ['#4f46e5', '#0e7490', '#15803d', '#b45309', '#be123c', '#7c3aed', '#0369a1', '#4d7c0f', '#c2410c', '#9d174d'];

export function avatarColour(userNumericHash: number): string {
  return AVATAR_COLOURS[Math.abs(Math.trunc(userNumericHash || 0)) % AVATAR_COLOURS.length]!;
}

/** Up to two letters: the first of the first two words, else the first two characters. */
export function avatarInitials(displayName: string): string {
  const words = displayName.split(/[\s._@-]+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]!.charAt(0) + words[1]!.charAt(0) : displayName.slice(0, 2);
  return letters.toUpperCase() || '?';
}

export function UserAvatar({ userNumericHash, displayName }: { userNumericHash: number; displayName: string }) {
  return (
    <span className="cs-session-avatar" style={{ background: avatarColour(userNumericHash) }} aria-hidden="true">
      {avatarInitials(displayName)}
    </span>
  );
}

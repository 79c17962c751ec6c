const pad = (n: number) => String(n).padStart(2, '0');

/** A player time (ms) as m:ss, or h:mm:ss from the first hour on. */
export function formatPlayerTime(ms: number): string {
  const total = Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

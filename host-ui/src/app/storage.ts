/** What the shell keeps in localStorage (keys are part of the product's contract). */
export const STORAGE_KEYS = {
  token: 'jwt',
  siteId: 'siteId',
  onboarding: 'onboarding',
  boardingDismissed: 'boardingDismissed',
  timezone: 'timezone',
} as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const store = {
  get(key: string): string | null {
    return storage()?.getItem(key) ?? null;
  },
  set(key: string, value: string | null): void {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  },
  flag(key: string): boolean {
    return store.get(key) === 'true';
  },
  setFlag(key: string, on: boolean): void {
    store.set(key, on ? 'true' : null);
  },
};

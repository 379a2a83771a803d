/** The signed-in session as kept in localStorage. */
export interface LoginAnswer {
  token: string;
  user: {
    id: number;
    companyId: number;
    company?: { dueDate?: string | null; settings?: { key: string; value: string }[] } | null;
  };
}

const KEYS = {
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  dueDate: 'companyDueDate',
  campaigns: 'cshow',
} as const;

export const campaignsEnabled = (settings: { key: string; value: string }[] | undefined): boolean =>
  ['true', 'enabled'].includes(settings?.find((s) => s.key === 'campaignsEnabled')?.value ?? '');

export const session = {
  token: (): string | null => localStorage.getItem(KEYS.token),

  save({ token, user }: LoginAnswer): void {
    localStorage.setItem(KEYS.token, token);
    localStorage.setItem(KEYS.companyId, String(user.companyId));
    localStorage.setItem(KEYS.userId, String(user.id));
    localStorage.setItem(KEYS.dueDate, user.company?.dueDate ?? '');
    if (campaignsEnabled(user.company?.settings)) localStorage.setItem(KEYS.campaigns, 'true');
    else localStorage.removeItem(KEYS.campaigns);
  },

  saveToken(token: string): void {
    localStorage.setItem(KEYS.token, token);
  },

  clear(): void {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
  },
};

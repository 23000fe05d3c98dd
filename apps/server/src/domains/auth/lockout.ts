import type { TSystemSettings } from '@portal/contract/settings';

/** The sign-in lockout the settings ask for (decision 0006, 0034): per address, counted before any check. */
export const lockPolicy = (settings: TSystemSettings) => ({
  limit: settings.automaticAccountLockout ? settings.failedLoginAttempts : null,
  lockMs: settings.accountLockoutDuration * 60_000,
});

export const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

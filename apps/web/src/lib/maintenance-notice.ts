/**
 * Maintenance mode: the server signs a customer out with a 503 MAINTENANCE and its message. The
 * message is kept for this browser tab until the next sign-in, so the sign-in page can show it.
 */
const KEY = 'portal.maintenance-notice';

export function noteMaintenance(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // storage refused (private mode): the sign-in page shows nothing special
  }
}

export function maintenanceNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearMaintenanceNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

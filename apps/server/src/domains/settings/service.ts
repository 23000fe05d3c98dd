// Reading the system settings (cached) lives in lib/settings.ts so the auth plugin can use it
// without importing a domain; the settings domain keeps this as its service entry point.
export { forgetCachedSettings, getSettings } from '../../lib/settings.ts';

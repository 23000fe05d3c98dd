/**
 * The messaging domain's services, one module per area; other domains and the routes import them
 * from here.
 */
export * from './brands.ts';
export * from './campaigns.ts';
export * from './compliance.ts';
export * from './messages.ts';
export * from './opt-outs.ts';
export * from './sending.ts';
export * from './templates.ts';

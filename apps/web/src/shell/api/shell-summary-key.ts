export const SHELL_SUMMARY_QUERY_KEY = ['shell', 'summary'] as const;

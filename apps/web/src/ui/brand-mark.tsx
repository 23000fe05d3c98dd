/** The portal's logo mark (also the favicon). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
      <path d="M9 20.5c0-4 3-7 7-7s7 3 7 7" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M12.5 20.5c0-2 1.5-3.5 3.5-3.5s3.5 1.5 3.5 3.5" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="16" cy="21" r="1.6" fill="#fff" />
    </svg>
  );
}

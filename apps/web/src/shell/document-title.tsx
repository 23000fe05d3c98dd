import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type Portal, portalOfPath, useHandleMatches } from '../lib/route-handle.ts';
import { useBrand } from '../lib/session.ts';

const PORTAL_WORD: Record<Portal, string> = { admin: 'Admin', customer: 'Customer' };

/** '{brand} Admin - X' or '{brand} Customer - X'; a route may give a literal title instead (the login pages). */
export function documentTitle(input: { brand: string; portal: Portal; title?: string; literal?: string }): string {
  if (input.literal) return input.literal;
  const prefix = `${input.brand} ${PORTAL_WORD[input.portal]}`.trim();
  return input.title ? `${prefix} - ${input.title}` : `${prefix} Portal`;
}

export function DocumentTitle() {
  const matches = useHandleMatches();
  const brand = useBrand();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((match) => match.handle?.title || match.handle?.documentTitle)?.handle;
  const title = documentTitle({ brand, portal: portalOfPath(pathname), title: handle?.title, literal: handle?.documentTitle });

  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

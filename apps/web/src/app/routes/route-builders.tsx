import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { lazyScreen } from '../lazy-screen.ts';

/** A screen route: its path (null for an index route), its handle (title, crumb) and its own lazily loaded chunk. */
export function screen(path: string | null, handle: RouteHandle, load: () => Promise<ComponentType>): RouteObject {
  const lazy = lazyScreen(load);
  return path === null ? { index: true, handle, lazy } : { path, handle, lazy };
}

export function redirect(path: string | null, to: string): RouteObject {
  const element = <Navigate to={to} replace />;
  return path === null ? { index: true, element } : { path, element };
}

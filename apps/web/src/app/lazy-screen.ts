import type { ComponentType } from 'react';

/** The spec's chunk load timeout. */
const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const FAILED_IMPORT =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && FAILED_IMPORT.test(error.message));
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out')), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A route's `lazy`: loads the screen's own chunk.
 * `lazyScreen(() => import('../features/x/pages/x-page.tsx').then((m) => m.XPage))`.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: await withTimeout(load()) };
    } catch (error) {
      if (error instanceof ChunkLoadError) throw error;
      throw new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed');
    }
  };
}

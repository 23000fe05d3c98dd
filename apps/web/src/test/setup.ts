import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// jsdom has no document.fonts, which Mantine's autosizing Textarea listens to
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });

afterEach(() => {
  cleanup();
  // The files share a worker's modules (vitest.config.ts: isolate false): Mantine's notification
  // store is one for all of them, so a file's toasts must not fill the next file's screen.
  notifications.clean();
  notifications.cleanQueue();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

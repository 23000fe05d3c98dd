import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Are you sure you want to leave?';

/**
 * While `dirty`, asks before leaving: in-app navigation (links, Back, the browser's back button)
 * shows the spec's question in a dialog; closing or reloading the tab gets the browser's own prompt.
 * Render the returned `guard` once in the page; call `leaveWithoutAsking()` right before navigating
 * away after a successful save (the form may still look dirty for that render).
 */
export function useUnsavedChangesGuard(dirty: boolean): { guard: ReactNode; leaveWithoutAsking: () => void } {
  const skip = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !skip.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const leaveWithoutAsking = useCallback(() => {
    skip.current = true;
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const guard = (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={UNSAVED_CHANGES_MESSAGE}
      confirmLabel="Leave"
      cancelLabel="Stay"
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { guard, leaveWithoutAsking };
}

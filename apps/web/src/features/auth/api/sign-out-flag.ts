/**
 * Whether this tab itself just signed out. A session that disappears otherwise (idle timeout,
 * sign-out in another tab, the account deactivated) is announced on the sign-in page.
 */
let signedOutHere = false;

export function markSignedOutHere(): void {
  signedOutHere = true;
}

/** Reads and clears the mark. */
export function takeSignedOutHere(): boolean {
  const was = signedOutHere;
  signedOutHere = false;
  return was;
}

/**
 * Opens a path as a new page load (history replaced): for a change of who is signed in that must
 * leave nothing of the previous user's screens or cache in memory, such as leaving "Viewing as".
 */
export function loadPage(path: string): void {
  window.location.replace(path);
}

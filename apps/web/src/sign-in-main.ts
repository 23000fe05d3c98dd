import { SUBMIT_MARK, SUBMIT_REQUESTED } from './sign-in-marks.ts';

/**
 * The sign-in page's own entry (issue 17, decisions 0051 and 0052): the server sends sign-in.html
 * for /admin/login and /customer/login, and to a browser without a session cookie that page comes
 * with the sign-in form already drawn (sign-in-prerender.tsx). This entry lets the browser show
 * that form first, then imports the live page (sign-in-app.tsx): fetching, compiling and evaluating
 * React and Mantine hold the main thread for a while, and the browser would otherwise do it before
 * its first paint. (sign-in.html, sent where nothing is prerendered, preloads those files.)
 */
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import('./sign-in-app.tsx');
}

const form = document.querySelector<HTMLFormElement>('#root form');
const prerendered = form !== null;
// Sign in pressed (or Enter in a field) before the live form is drawn: it signs in once it is.
form?.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest(`[${SUBMIT_MARK}]`)) form.setAttribute(SUBMIT_REQUESTED, '');
});
form?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox')
    form.setAttribute(SUBMIT_REQUESTED, '');
});
if (!prerendered || document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
  // nothing to show first, or a hidden tab, which draws no frames
  start();
} else {
  // once the prerendered form is on screen (the page's first contentful paint)
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  // at the latest (a browser that reports no paint)
  setTimeout(start, 1000);
}

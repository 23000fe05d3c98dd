/** Tells the portal's other tabs that the sign-in state changed, so they re-read the session. */
export type AuthEvent = 'login' | 'logout';

const CHANNEL = 'portal-auth';

export function broadcastAuthEvent(event: AuthEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

export function subscribeToAuthEvents(listener: (event: AuthEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent<unknown>) => {
    if (message.data === 'login' || message.data === 'logout') listener(message.data);
  };
  return () => channel.close();
}

import { notifications } from '@mantine/notifications';
import { isApiError } from '../lib/api.ts';

/** The one way to tell the user an action worked or failed (never window.alert). */
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 4000 });
}

/** Shows the server's message for an ApiError, or the given fallback. */
export function toastError(error: unknown, fallback = 'Something went wrong. Please try again.'): void {
  const message = isApiError(error) ? error.message : typeof error === 'string' ? error : fallback;
  notifications.show({ message, color: 'red', autoClose: 6000 });
}

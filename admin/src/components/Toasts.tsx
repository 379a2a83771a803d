import { Notification } from 'react-admin';

const TOAST_DURATION_MS = 3000;

/** Toasts close after 3 seconds, as in the product. */
export function Toasts() {
  return <Notification autoHideDuration={TOAST_DURATION_MS} multiLine />;
}

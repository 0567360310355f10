import { deleteQueue, queueSupported } from './entry-queue';
import { deleteLastDashboard } from './last-dashboard';

/**
 * Removes every personal thing the app keeps on this device for offline use: the queue of entries
 * waiting to be sent and the last dashboard's answers. Sign-out, an ended session, another
 * account, account deletion. The app's own files (not personal) stay for the next reader.
 */
export async function clearOfflineData(): Promise<void> {
  await Promise.all([queueSupported() ? deleteQueue() : undefined, deleteLastDashboard()]);
}

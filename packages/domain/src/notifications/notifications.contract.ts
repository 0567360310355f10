import { defineEndpoint } from '../shared/contract';
import {
  markNotificationsReadSchema,
  notificationListSchema,
} from './notifications.schemas';

/*
 * The in-app centre's delivered items (issue 14), the signed-in user's own (row-level security).
 */

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/notifications',
  summary: 'My in-app notifications, newest first (the latest 100), with the unread count',
  tags: ['notifications'],
  access: 'user',
  response: notificationListSchema,
  errors: ['not_found'],
});

export const markNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/api/notifications/read',
  summary: 'Marks these notifications read, or all of them',
  tags: ['notifications'],
  access: 'user',
  body: markNotificationsReadSchema,
  response: notificationListSchema,
  errors: ['validation_failed'],
});

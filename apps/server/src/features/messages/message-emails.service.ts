import { languageSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { DomainEventOf } from '@glucosuivi/domain/shared/events';
import type { Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer, MailMessage } from '../../platform/mail';
import { enqueue, type JobPayload } from '../../platform/jobs/job-queue';
import { findAccountById } from '../accounts/accounts.service';
import { unreadMessageEmail } from './messages.emails';
import * as repo from './messages.repository';

/*
 * The e-mail about an unread message (issue 14). A sent message enqueues a check 15 minutes later
 * (one per message: key `message-unread:<messageId>`). The check e-mails the recipient only if the
 * message is still unread, the recipient turned e-mail alerts on, can still see the conversation
 * (a professional: the link is active) and proved their address. Sending is its own job, keyed by
 * conversation, recipient and hour: jobs run at least once, and this key is what keeps a burst of
 * messages (or a check run twice) to one e-mail per conversation and hour.
 */

export interface MessageEmailDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
}

export const UNREAD_EMAIL_DELAY_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;
export const UNREAD_CHECK_JOB = 'message.unread-email';
export const UNREAD_SEND_JOB = 'message.unread-email.send';

/** Ids and the recipient's side: what the jobs carry (never the text). */
interface UnreadEmailPayload {
  messageId: string;
  linkId: string;
  recipientId: string;
  side: repo.Side;
}

function payloadOf(payload: JobPayload): UnreadEmailPayload {
  const { messageId, linkId, recipientId, side } = payload;
  if (typeof messageId !== 'string' || typeof linkId !== 'string' || typeof recipientId !== 'string' || (side !== 'patient' && side !== 'professional')) {
    throw Object.assign(new Error('bad payload'), { name: 'InvalidPayload' });
  }
  return { messageId, linkId, recipientId, side };
}

/** On `message.sent` (local events only, after commit): the check, 15 minutes later. */
export async function scheduleUnreadMessageEmail(
  deps: Pick<MessageEmailDeps, 'database' | 'clock'>,
  event: DomainEventOf<'message.sent'>,
): Promise<void> {
  const toPatient = event.senderId !== event.patientId;
  const payload: UnreadEmailPayload = {
    messageId: event.messageId,
    linkId: event.linkId,
    recipientId: toPatient ? event.patientId : event.professionalId,
    side: toPatient ? 'patient' : 'professional',
  };
  await enqueue(deps.database.db, {
    name: UNREAD_CHECK_JOB,
    payload: { ...payload },
    runAt: new Date(deps.clock.now().getTime() + UNREAD_EMAIL_DELAY_MS),
    idempotencyKey: `message-unread:${event.messageId}`,
  });
}

/** The e-mail to send now, or null when any condition fails. Read as the recipient: RLS decides what they still see. */
async function unreadEmailFor(deps: MessageEmailDeps, p: UnreadEmailPayload): Promise<MailMessage | null> {
  const actor = { userId: p.recipientId, role: p.side === 'patient' ? 'patient' : 'doctor' } as const;
  const { conversation, message, preferences } = await deps.database.asActor(actor, async (tx) => ({
    // A professional whose link was revoked sees no conversation at all (message_links()).
    conversation: (await repo.listConversations(tx, p.recipientId, p.side, p.linkId))[0],
    message: await repo.findMessage(tx, p.linkId, p.messageId),
    preferences: await repo.emailPreferences(tx, p.recipientId),
  }));
  if (!conversation || !message || message.readAt || message.senderId === p.recipientId) return null;
  if (p.side === 'professional' && conversation.status !== 'active') return null;
  if (!preferences?.emailAlerts) return null;
  // The address lives in the account tables, which only the owner role reads.
  const account = await findAccountById(deps.database.db, p.recipientId);
  if (!account || !account.emailVerified || account.deletionRequestedAt) return null;
  const language = languageSchema.safeParse(preferences.language);
  const path = p.side === 'patient' ? '/messages' : `/doctor/patients/${encodeURIComponent(conversation.counterpart_id)}#messages`;
  return unreadMessageEmail({
    to: account.email,
    language: language.success ? language.data : 'fr',
    firstName: account.firstName ?? '',
    senderFirstName: conversation.first_name,
    conversationUrl: `${deps.appUrl}${path}`,
    settingsUrl: `${deps.appUrl}/settings`,
  });
}

/** The check (job `message.unread-email`): when the e-mail is due, its one send for this conversation and hour. */
export async function checkUnreadMessage(deps: MessageEmailDeps, payload: JobPayload): Promise<void> {
  const p = payloadOf(payload);
  if (!(await unreadEmailFor(deps, p))) return;
  const now = deps.clock.now();
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  await enqueue(deps.database.db, {
    name: UNREAD_SEND_JOB,
    payload: { ...p },
    runAt: now,
    idempotencyKey: `message-unread-email:${p.linkId}:${p.recipientId}:${hour}`,
  });
}

/** The send (job `message.unread-email.send`): the conditions once more (a read in between cancels it), then the e-mail. */
export async function sendUnreadMessageEmail(deps: MessageEmailDeps, payload: JobPayload): Promise<void> {
  const email = await unreadEmailFor(deps, payloadOf(payload));
  if (email) await deps.mailer.send(email);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushPayloadSchema } from '@glucosuivi/domain/push/push.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor } from '../../test/fixtures';
import { startTestPushService, type TestPushService } from '../../test/push-service';
import { createWebPushSender } from '../../platform/push/web-push-sender';
import { pushSubscriptions } from '../notifications/notifications.tables';
import { userSettings } from '../settings/settings.tables';
import { reminderOccurrences } from './reminders.tables';

/*
 * A reminder through the real web push path: the app's web-push sender, encrypted (RFC 8291) and
 * signed (VAPID), to a real push service on loopback (web-push-testing), which decrypts it. The
 * browser's message is the patient's language, the label and the time, tagged with the occurrence;
 * a snooze sends the same tag again; a browser that unsubscribed is forgotten.
 */

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@glucosuivi.fr' };
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

describe('reminders by web push (real push service on loopback)', () => {
  let t: TestApp;
  let service: TestPushService;

  beforeAll(async () => {
    service = await startTestPushService();
    t = await createTestApp({ resolveActor: headerActor, push: createWebPushSender({ ...vapid, allowHttp: true }) });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it('delivers the reminder once per delivery, decrypting to the expected text; an expired browser is forgotten', async () => {
    const patient = await createTestUser(t.database);
    await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, patient.userId));
    const browser = await service.subscribe(vapid.publicKey);
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: actingAs(patient),
      payload: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/reminders',
      headers: actingAs(patient),
      payload: {
        kind: 'medication',
        label: 'Evening treatment',
        medicationName: 'Metformin',
        instructions: 'With food, 850',
        schedule: { type: 'weekly', times: ['19:30'], days: EVERY_DAY },
        timeZone: 'Europe/Paris',
        startsOn: '2026-11-01',
        sendPush: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    t.clock.set(new Date('2026-11-02T18:30:05Z')); // 19:30 in Paris
    await t.jobs.runDue();
    const [occurrence] = await t.database.db.select().from(reminderOccurrences).where(eq(reminderOccurrences.patientId, patient.userId));
    const received = (await service.messages(browser.clientHash)).map((text) => pushPayloadSchema.parse(JSON.parse(text)));
    expect(received).toEqual([{ title: 'Reminder: Evening treatment', body: 'Medication due at 19:30.', url: 'http://localhost:3000/reminders', tag: occurrence!.id }]);
    // A lock screen shows none of the medication's name or the patient's instructions.
    expect(JSON.stringify(received)).not.toMatch(/Metformin|850|food/);

    // Snoozed, it comes back as the same notification (same tag), once.
    expect((await t.app.inject({ method: 'POST', url: `/api/reminders/occurrences/${occurrence!.id}/snooze`, headers: actingAs(patient), payload: { minutes: 10 } })).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    await t.jobs.runDue();
    await t.jobs.runDue();
    const again = (await service.messages(browser.clientHash)).map((text) => pushPayloadSchema.parse(JSON.parse(text)).tag);
    expect(again).toEqual([occurrence!.id, occurrence!.id]);

    // The browser unsubscribed: the next delivery finds its endpoint gone and forgets it.
    await service.expire(browser.clientHash);
    t.clock.set(new Date('2026-11-03T18:30:05Z'));
    await t.jobs.runDue();
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, patient.userId))).toEqual([]);
  });
});

// The forum (issue 19): public reading by pseudonym, posting rules (pseudonym, bad input, bans,
// locks, rate limits), reports and the moderators' actions with their audit and e-mails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { adminActions } from '../admin/admin.tables';
import { userSettings } from '../settings/settings.tables';
import { forumPosts, forumReports, forumThreads } from './community.tables';
import { seedForumDemo } from './community.seed';

let t: TestApp;
let admin: TestUser;
let pseudonymCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ resolveActor: headerActor });
  admin = await createTestUser(t.database, { role: 'admin', firstName: 'Alex' });
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? actingAs(who) : {} });

/** A patient with a forum pseudonym (and a distinctive real name, which must never show). */
async function member(prefix = 'Membre'): Promise<TestUser & { pseudonym: string }> {
  const n = ++pseudonymCounter;
  const who = await createTestUser(t.database, { firstName: `Réel${n}`, lastName: 'Nomdefamille' });
  const pseudonym = `${prefix}${n}`;
  expect((await api('PUT', '/api/community/me', who, { pseudonym })).statusCode).toBe(200);
  return { ...who, pseudonym };
}

async function startThread(who: TestUser, title = 'Capteur qui décroche', body = 'Des astuces ?', slug = 'devices') {
  const res = await api('POST', `/api/community/categories/${slug}/threads`, who, { title, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ threadId: string; postId: string }>();
}

const countRows = async () => ({
  threads: (await t.database.db.select().from(forumThreads)).length,
  posts: (await t.database.db.select().from(forumPosts)).length,
});

describe('reading and writing', () => {
  it('lets a signed-out visitor read everything and refuses their posts', async () => {
    const author = await member();
    const { threadId } = await startThread(author);
    expect((await api('GET', '/api/community/categories')).json().categories).toHaveLength(7);
    expect((await api('GET', '/api/community/categories/devices/threads')).statusCode).toBe(200);
    expect((await api('GET', `/api/community/threads/${threadId}`)).statusCode).toBe(200);
    const before = await countRows();
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, undefined, { body: 'anonyme' })).statusCode).toBe(401);
    expect((await api('POST', '/api/community/categories/food/threads', undefined, { title: 'Anonyme', body: 'x' })).statusCode).toBe(401);
    expect(await countRows()).toEqual(before);
  });

  it('needs a pseudonym before the first post, unique whatever its case', async () => {
    const newcomer = await createTestUser(t.database, {});
    expect((await api('GET', '/api/community/me', newcomer)).json()).toEqual({ pseudonym: null, bannedUntil: null, banReason: null });
    const before = await countRows();
    const refused = await api('POST', '/api/community/categories/food/threads', newcomer, { title: 'Sans pseudo', body: 'Bonjour' });
    expect(refused.json().error.code).toBe('pseudonym_required');
    expect(await countRows()).toEqual(before);
    const other = await member('Sucrette');
    const taken = await api('PUT', '/api/community/me', newcomer, { pseudonym: other.pseudonym.toUpperCase() });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'pseudonym_taken']);
    expect((await api('PUT', '/api/community/me', newcomer, { pseudonym: '<b>x</b>' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/community/me', newcomer, { pseudonym: 'Nouveau_venu' })).json().pseudonym).toBe('Nouveau_venu');
  });

  it('shows authors by pseudonym only, never their name or address', async () => {
    const author = await member('Auteur');
    const replier = await member('Repondeur');
    const { threadId } = await startThread(author, 'Premier capteur', 'Mon **premier** message');
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, replier, { body: 'Bienvenue !' })).statusCode).toBe(201);
    const page = await api('GET', `/api/community/threads/${threadId}`);
    expect(page.json().posts.map((p: { author: string }) => p.author)).toEqual([author.pseudonym, replier.pseudonym]);
    expect(page.json().thread.replyCount).toBe(1);
    const listing = await api('GET', '/api/community/categories/devices/threads');
    for (const text of [page.body, listing.body]) {
      for (const secret of [author.email, replier.email, author.firstName, 'Nomdefamille', author.userId]) expect(text).not.toContain(secret);
    }
    expect(page.headers['cache-control'] ?? '').not.toContain('public');
  });

  it('refuses empty and too long posts and titles with their reasons, storing nothing', async () => {
    const author = await member();
    const { threadId } = await startThread(author);
    const before = await countRows();
    const cases: [string, object, string][] = [
      [`/api/community/threads/${threadId}/posts`, { body: '   ' }, 'bodyRequired'],
      [`/api/community/threads/${threadId}/posts`, { body: 'x'.repeat(5001) }, 'bodyTooLong'],
      ['/api/community/categories/food/threads', { title: 'ab', body: 'ok' }, 'titleTooShort'],
      ['/api/community/categories/food/threads', { title: 'x'.repeat(121), body: 'ok' }, 'titleTooLong'],
      ['/api/community/categories/nowhere/threads', { title: 'Titre', body: 'ok' }, ''],
    ];
    for (const [url, payload, issue] of cases) {
      const res = await api('POST', url, author, payload);
      expect(res.statusCode, url).toBe(400);
      if (issue) expect(res.json().error.issues.map((i: { message: string }) => i.message)).toContain(issue);
    }
    expect(await countRows()).toEqual(before);
  });

  it('keeps HTML in a post as its source text (the web renders it as text)', async () => {
    const author = await member();
    const { threadId } = await startThread(author, 'Balises', '<script>alert(1)</script><img src=x onerror=alert(1)>');
    const [post] = (await api('GET', `/api/community/threads/${threadId}`)).json().posts;
    expect(post.body).toBe('<script>alert(1)</script><img src=x onerror=alert(1)>');
  });

  it('pages threads by last activity and replies by 20', async () => {
    const author = await member();
    const older = await startThread(author, 'Sujet ancien', 'a', 'parents');
    t.clock.advance(60_000);
    const newer = await startThread(author, 'Sujet récent', 'b', 'parents');
    t.clock.advance(60_000);
    const ids = () => api('GET', '/api/community/categories/parents/threads').then((r) => r.json().threads.map((x: { id: string }) => x.id));
    expect((await ids()).slice(0, 2)).toEqual([newer.threadId, older.threadId]);
    const repliers = await Promise.all([member(), member(), member(), member(), member()]);
    let last = { page: 0 };
    for (let i = 0; i < 20; i++) {
      last = (await api('POST', `/api/community/threads/${older.threadId}/posts`, repliers[i % 5], { body: `réponse ${i}` })).json();
    }
    expect(last.page).toBe(2);
    expect((await ids()).slice(0, 2)).toEqual([older.threadId, newer.threadId]);
    const page2 = (await api('GET', `/api/community/threads/${older.threadId}?page=2`)).json();
    expect([page2.pageCount, page2.posts.length, page2.posts[0].body]).toEqual([2, 1, 'réponse 19']);
  });

  it('searches titles and visible posts, matching % and _ as typed', async () => {
    const author = await member();
    await startThread(author, 'Glycémie au réveil', 'Le phénomène de l’aube me gêne', 'type-1');
    await startThread(author, 'Autre sujet', 'réduit de 50% le sucre', 'food');
    const hits = (q: string) => api('GET', `/api/community/search?q=${encodeURIComponent(q)}`).then((r) => r.json().results.map((x: { title: string }) => x.title));
    expect(await hits('AUBE')).toEqual(['Glycémie au réveil']);
    expect(await hits('glycémie au')).toEqual(['Glycémie au réveil']);
    expect(await hits('50%')).toEqual(['Autre sujet']);
    expect(await hits('5_%')).toEqual([]);
    // The excerpt comes from the matching post, as plain text.
    const [hit] = (await api('GET', '/api/community/search?q=aube')).json().results;
    expect(hit.excerpt).toBe('Le phénomène de l’aube me gêne');
  });
});

describe('limits', () => {
  it('allows 5 posts per 10 minutes, then 429 until the window ends; 3 threads per hour', async () => {
    const author = await member();
    const { threadId } = await startThread(author);
    for (let i = 0; i < 4; i++) expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: `n°${i}` })).statusCode).toBe(201);
    const before = await countRows();
    const sixth = await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'de trop' });
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([429, 'rate_limited']);
    expect(await countRows()).toEqual(before);
    t.clock.advance(11 * 60_000);
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'de nouveau' })).statusCode).toBe(201);

    const starter = await member();
    for (let i = 0; i < 3; i++) await startThread(starter, `Sujet ${i}`);
    expect((await api('POST', '/api/community/categories/devices/threads', starter, { title: 'Quatrième', body: 'x' })).statusCode).toBe(429);
  });
});

describe('reports and moderation', () => {
  it('a report reaches the moderators; hiding masks the post, tells the author in their language and is audited', async () => {
    const author = await member('Fautif');
    const reporter = await member('Vigilant');
    await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, author.userId));
    const { threadId, postId } = await startThread(author, 'Sujet douteux', 'Message inapproprié');
    const reported = await api('POST', `/api/community/posts/${postId}/reports`, reporter, { reason: 'Publicité' });
    expect(reported.statusCode).toBe(201);
    const reports = (await api('GET', '/api/admin/community/reports', admin)).json().items;
    expect(reports.find((r: { postId: string }) => r.postId === postId)).toMatchObject({ reporter: reporter.pseudonym, author: author.pseudonym, reason: 'Publicité', excerpt: 'Message inapproprié' });

    expect((await api('POST', `/api/admin/community/posts/${postId}/hidden`, admin, { hidden: true, reason: 'Spam' })).statusCode).toBe(200);
    const seenByOthers = (await api('GET', `/api/community/threads/${threadId}`, reporter)).json();
    expect(seenByOthers.posts[0]).toMatchObject({ hidden: true, body: null, hiddenReason: null });
    expect(seenByOthers.thread.title).toBeNull();
    const seenByAuthor = (await api('GET', `/api/community/threads/${threadId}`, author)).json();
    expect(seenByAuthor.posts[0]).toMatchObject({ hidden: true, body: 'Message inapproprié', hiddenReason: 'Spam' });
    const mail = t.sent.find((m) => m.to === author.email);
    expect(mail?.subject).toBe('Your post on the GlucoSuivi forum was hidden');
    expect(mail?.text).toContain('Reason: Spam');
    const audit = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'forum.post.hide'));
    expect(audit.some((row) => row.targetUserId === author.userId && row.detail?.includes('Spam'))).toBe(true);
    const [report] = await t.database.db.select().from(forumReports).where(eq(forumReports.postId, postId));
    expect(report?.resolution).toBe('hidden');
    expect((await api('GET', '/api/community/search?q=douteux')).json().results).toEqual([]);
  });

  it('a locked thread refuses replies until unlocked', async () => {
    const author = await member();
    const { threadId } = await startThread(author);
    expect((await api('POST', `/api/admin/community/threads/${threadId}/locked`, admin, { locked: true })).statusCode).toBe(200);
    const refused = await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'encore' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'thread_locked']);
    await api('POST', `/api/admin/community/threads/${threadId}/locked`, admin, { locked: false });
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'encore' })).statusCode).toBe(201);
  });

  it('lets an author edit their own visible post for 24 hours, and nobody else', async () => {
    const author = await member();
    const other = await member();
    const { threadId, postId } = await startThread(author);
    const edit = (who: TestUser | undefined, body: unknown) => api('PUT', `/api/community/posts/${postId}`, who, { body });
    const bodyNow = async () => (await api('GET', `/api/community/threads/${threadId}`)).json().posts[0] as { body: string; editedAt: string | null };

    expect((await edit(other, 'Pas le mien')).statusCode).toBe(404);
    expect((await edit(undefined, 'Anonyme')).statusCode).toBe(401);
    expect((await edit(author, '   ')).statusCode).toBe(400);
    expect((await bodyNow()).editedAt).toBeNull();
    t.clock.advance(60 * 60_000);
    const edited = await edit(author, 'Corrigé : **trois** capteurs');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ threadId, postId, page: 1 });
    expect(await bodyNow()).toMatchObject({ body: 'Corrigé : **trois** capteurs', editedAt: t.clock.now().toISOString() });

    t.clock.advance(24 * 60 * 60_000);
    const late = await edit(author, 'Trop tard');
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'edit_window_closed']);
    expect((await bodyNow()).body).toBe('Corrigé : **trois** capteurs');
  });

  it('a banned author cannot post (nothing stored) until the ban ends; a ban for good lasts', async () => {
    const author = await member();
    const { threadId, postId } = await startThread(author);
    expect((await api('POST', `/api/admin/community/posts/${postId}/ban-author`, admin, { days: 2, reason: 'Insultes' })).statusCode).toBe(200);
    const before = await countRows();
    const refused = await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'je reviens' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'forum_banned']);
    expect(await countRows()).toEqual(before);
    expect((await api('GET', '/api/community/me', author)).json().banReason).toBe('Insultes');
    expect(t.sent.find((m) => m.to === author.email)?.subject).toBe('Votre participation au forum GlucoSuivi est suspendue');
    t.clock.advance(2 * 24 * 60 * 60_000 + 60_000);
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'je reviens' })).statusCode).toBe(201);
    await api('POST', `/api/admin/community/posts/${postId}/ban-author`, admin, { days: null, reason: 'Récidive' });
    t.clock.advance(400 * 24 * 60 * 60_000);
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'toujours ?' })).statusCode).toBe(403);

    // The administrators see the running ban (for good: no end) and lift it; the author posts again.
    const pseudonym = (await api('GET', '/api/community/me', author)).json().pseudonym as string;
    const bans = (await api('GET', '/api/admin/community/bans', admin)).json().items as { userId: string }[];
    expect(bans.find((ban) => ban.userId === author.userId)).toEqual({ userId: author.userId, pseudonym, bannedUntil: null, reason: 'Récidive' });
    expect((await api('GET', '/api/admin/community/bans', author)).statusCode).toBe(404);
    expect((await api('POST', `/api/admin/community/bans/${author.userId}/lift`, author)).statusCode).toBe(404);
    expect((await api('POST', `/api/admin/community/bans/${author.userId}/lift`, admin)).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/community/bans/${author.userId}/lift`, admin)).statusCode).toBe(404);
    expect(((await api('GET', '/api/admin/community/bans', admin)).json().items as { userId: string }[]).map((ban) => ban.userId)).not.toContain(author.userId);
    expect((await api('POST', `/api/community/threads/${threadId}/posts`, author, { body: 'de retour' })).statusCode).toBe(201);
  });

  it('dismisses a report; the moderation endpoints are closed to anyone but administrators', async () => {
    const author = await member();
    const { postId, threadId } = await startThread(author);
    const { id } = (await api('POST', `/api/community/posts/${postId}/reports`, author, { reason: 'Test' })).json();
    expect((await api('POST', `/api/admin/community/reports/${id}/dismiss`, admin)).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/community/reports/${id}/dismiss`, admin)).statusCode).toBe(404);
    // The administrators' endpoints answer "not found" to anyone else, as the whole back office does.
    expect((await api('GET', '/api/admin/community/reports', author)).statusCode).toBe(404);
    expect((await api('POST', `/api/admin/community/threads/${threadId}/locked`, author, { locked: true })).statusCode).toBe(404);
    expect((await api('POST', `/api/admin/community/posts/${postId}/hidden`, undefined, { hidden: true, reason: 'x' })).statusCode).toBe(401);
    expect((await api('POST', `/api/admin/community/posts/${postId}/hidden`, admin, { hidden: true })).statusCode).toBe(400);
  });
});

describe('demo content', () => {
  it('seeds a few threads under pseudonyms, once', async () => {
    const before = await countRows();
    // Without the demo patients, nothing to do.
    await seedForumDemo(t.database, t.clock.now());
    expect(await countRows()).toEqual(before);
    await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont', email: 'camille.dupont@demo.glucosuivi.fr' });
    await createTestUser(t.database, { firstName: 'Jean', lastName: 'Martin', email: 'jean.martin@demo.glucosuivi.fr' });
    await seedForumDemo(t.database, t.clock.now());
    await seedForumDemo(t.database, t.clock.now());
    const after = await countRows();
    expect([after.threads - before.threads, after.posts - before.posts]).toEqual([3, 5]);
    const food = (await api('GET', '/api/community/categories/food/threads')).json().threads;
    expect(food.find((x: { title: string }) => x.title === 'Idées de petits-déjeuners')).toMatchObject({ author: 'Marcheur2', replyCount: 1 });
  });
});

import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { ForumCategory } from '@glucosuivi/domain/community/community.schemas';
import type { Database } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { forumPosts, forumProfiles, forumThreads } from './community.tables';

/*
 * A few forum threads by the demo patients, under pseudonyms (never their demo names), so the
 * forum is not empty on a fresh start. Plain talk only: nothing here comes from their health
 * data. Written on the owner connection, as the rest of the seed; does nothing when the demo
 * patients already have a forum profile (a second start).
 */

interface DemoThread {
  category: ForumCategory;
  title: string;
  /** Author key, then text, for the opening post and each reply, an hour apart. */
  posts: [keyof DemoAuthors, string][];
}

export interface DemoAuthors {
  /** The CGM demo patient (type 1). */
  cgm: string;
  /** The manual-readings demo patient (type 2). */
  manual: string;
}

const PSEUDONYMS: Record<keyof DemoAuthors, string> = { cgm: 'Capteur_et_moi', manual: 'Marcheur2' };

const THREADS: DemoThread[] = [
  {
    category: 'devices',
    title: 'Capteur qui se décolle avant la fin',
    posts: [
      ['cgm', 'Mon capteur se **décolle** souvent vers le 10e jour, surtout l’été. Vous utilisez quoi pour le faire tenir ?'],
      ['manual', 'Un patch adhésif par-dessus, et bien sécher la peau avant la pose. Demandez aussi à votre pharmacien : il existe des lingettes prévues pour ça.'],
    ],
  },
  {
    category: 'food',
    title: 'Idées de petits-déjeuners',
    posts: [
      ['manual', 'Je cherche des idées de petits-déjeuners rassasiants :\n- pain complet\n- fromage blanc\n- fruits entiers plutôt que jus\n\nEt vous ?'],
      ['cgm', 'Œufs brouillés et pain de seigle de mon côté. Votre diététicienne peut aussi vous aider à composer des menus.'],
    ],
  },
  {
    category: 'sport',
    title: 'Reprendre la marche après l’hiver',
    posts: [['manual', 'Je reprends la marche 30 minutes par jour. Des conseils pour tenir la motivation ? Je note mes sorties dans un *petit carnet*.']],
  },
];

const HOUR_MS = 60 * 60_000;

/** The demo seed's patients (README), found by address when the caller does not name them. */
const DEMO_EMAILS: Record<keyof DemoAuthors, string> = { cgm: 'camille.dupont@demo.glucosuivi.fr', manual: 'jean.martin@demo.glucosuivi.fr' };

async function demoAuthors(database: Database): Promise<DemoAuthors | null> {
  const rows = await database.db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, Object.values(DEMO_EMAILS)));
  const idOf = (email: string) => rows.find((row) => row.email === email)?.id;
  const cgm = idOf(DEMO_EMAILS.cgm);
  const manual = idOf(DEMO_EMAILS.manual);
  return cgm && manual ? { cgm, manual } : null;
}

/** Call after the demo seed (its patients must exist); `authors` only for tests. */
export async function seedForumDemo(database: Database, now: Date, named?: DemoAuthors): Promise<void> {
  const authors = named ?? (await demoAuthors(database));
  if (!authors) return;
  const [existing] = await database.db.select().from(forumProfiles).where(eq(forumProfiles.userId, authors.cgm));
  if (existing) return;
  await database.db.transaction(async (tx) => {
    for (const key of Object.keys(PSEUDONYMS) as (keyof DemoAuthors)[]) {
      await tx.insert(forumProfiles).values({ userId: authors[key], pseudonym: PSEUDONYMS[key] });
    }
    for (const [index, thread] of THREADS.entries()) {
      const threadId = randomUUID();
      const start = now.getTime() - (THREADS.length - index) * 24 * HOUR_MS;
      const at = (i: number) => new Date(start + i * HOUR_MS);
      const [firstAuthor] = thread.posts[0]!;
      await tx.insert(forumThreads).values({
        id: threadId,
        category: thread.category,
        title: thread.title,
        authorId: authors[firstAuthor],
        createdAt: at(0),
        lastActivityAt: at(thread.posts.length - 1),
      });
      for (const [i, [author, body]] of thread.posts.entries()) {
        await tx.insert(forumPosts).values({ id: randomUUID(), threadId, authorId: authors[author], body, createdAt: at(i) });
      }
    }
  });
}

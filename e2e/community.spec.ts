import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { BASE, apiSignUp, axeViolations, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mail';

// The forum (issue 19, must show 3 and 4): a patient chooses a pseudonym and starts a thread,
// another replies, a third reports the first post; the demo administrator hides it from the
// back office's "Forum" section (the author is e-mailed); a signed-out visitor reads the thread,
// sees the mask, and is invited to sign in instead of a form. Then the forum pages are axe-clean
// in fr, en and es.

const expect = baseExpect.configure({ timeout: 15_000 });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

async function newBrowser(browser: Browser, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, missing: trackMissingKeys(page) };
}

/** A fresh patient, signed in through the API in their browser, who picks a pseudonym on the forum. */
async function memberWithPseudonym(browser: Browser, tag: string, firstName: string) {
  const member = await newBrowser(browser);
  const email = uniqueEmail(tag);
  const signUp = await apiSignUp(member.page.request, { email, firstName, lastName: 'Réelnom' });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  await member.page.goto('/community/c/devices?lng=fr');
  const pseudonymField = main(member.page).getByRole('textbox', { name: 'Pseudonyme' });
  // Never prefilled with the person's name.
  await expect(pseudonymField).toHaveValue('');
  const pseudonym = `${tag}${Date.now() % 100000}`;
  await pseudonymField.fill(pseudonym);
  await main(member.page).getByRole('button', { name: 'Enregistrer le pseudonyme' }).click();
  await expect(main(member.page).getByRole('heading', { name: 'Nouvelle discussion' })).toBeVisible();
  return { ...member, email, pseudonym };
}

test.describe('community forum', () => {
  test('post, reply, report, hide by the administrator; a signed-out visitor reads but cannot post', async ({ browser }) => {
    test.setTimeout(180_000);
    const author = await memberWithPseudonym(browser, 'auteur', 'Camille');
    const replier = await memberWithPseudonym(browser, 'repond', 'Louis');
    const reporter = await memberWithPseudonym(browser, 'signale', 'Nina');
    const title = `Capteur qui se décolle ${Date.now()}`;

    // The author starts a thread (with HTML that must show as text) and lands on it.
    const a = author.page;
    await main(a).getByRole('textbox', { name: 'Titre' }).fill(title);
    await main(a).getByRole('textbox', { name: 'Message', exact: true }).fill('Mon capteur se **décolle** après 3 jours. <script>alert(1)</script>');
    await main(a).getByRole('button', { name: 'Publier la discussion' }).click();
    await expect(a).toHaveURL(/\/community\/t\/[0-9a-f-]{36}$/);
    const threadPath = new URL(a.url()).pathname;
    await expect(main(a).getByRole('heading', { level: 2, name: title })).toBeVisible();
    const firstPost = main(a).getByRole('article').first();
    await expect(firstPost).toContainText(author.pseudonym);
    await expect(firstPost).toContainText('<script>alert(1)</script>');
    await expect(firstPost.locator('strong')).toHaveText('décolle');
    await expect(firstPost).not.toContainText('Camille');

    // Another patient replies; a post mentioning an emergency shows the numbers.
    const r = replier.page;
    await r.goto(threadPath);
    await main(r).getByRole('textbox', { name: 'Message', exact: true }).fill('Essayez un film protecteur. Et en cas de malaise, appelez les secours.');
    await main(r).getByRole('button', { name: 'Publier la réponse' }).click();
    await expect(main(r).getByRole('article')).toHaveCount(2);
    await expect(main(r).getByRole('article').nth(1)).toContainText(replier.pseudonym);
    await expect(main(r).getByRole('article').nth(1).getByRole('note', { name: "En cas d'urgence" })).toContainText('112');

    // A third reports the first post with a reason.
    const s = reporter.page;
    await s.goto(threadPath);
    await main(s).getByRole('button', { name: `Signaler le message de ${author.pseudonym}` }).click();
    const dialog = s.getByRole('dialog', { name: 'Signaler ce message' });
    await dialog.getByLabel('Motif du signalement').fill('Message hors sujet et insistant');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await expect(dialog.getByText('Merci : votre signalement a été transmis')).toBeVisible();

    // The administrator hides the post from /admin?section=forum, with a reason.
    const admin = await newBrowser(browser, { width: 1280, height: 800 });
    const m = admin.page;
    expect(await signInAsAdmin(m), 'the demo administrator signs in with the second factor').toBe(true);
    await m.goto('/admin?section=forum&lng=fr');
    await expect(m.getByRole('heading', { level: 2, name: 'Forum' })).toBeVisible();
    const report = main(m).getByRole('listitem').filter({ hasText: title });
    await expect(report).toContainText(`Signalé par ${reporter.pseudonym}`);
    await expect(report).toContainText('Message hors sujet et insistant');
    await expect(report).toContainText(`Auteur : ${author.pseudonym}`);
    await m.waitForLoadState('networkidle');
    const violations = await axeViolations(m, '/admin?section=forum');
    await report.getByRole('button', { name: 'Masquer le message' }).click();
    const hideDialog = m.getByRole('dialog', { name: 'Masquer le message' });
    await hideDialog.getByLabel("Motif (communiqué à l'auteur)").fill('Hors sujet');
    await hideDialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(main(m).getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

    // The author is told by e-mail, and sees the reason on the post.
    const mail = await waitForMail(author.email, (x) => x.subject.includes('masqué'));
    expect(mail.text).toContain('Motif : Hors sujet');
    await a.reload();
    await expect(main(a).getByRole('article').first()).toContainText('Votre message est masqué par la modération. Motif : Hors sujet');

    // A signed-out visitor reads the thread: the mask, the reply, no form, an invitation to sign in.
    const visitor = await newBrowser(browser);
    const v = visitor.page;
    await v.goto(threadPath);
    await expect(main(v).getByRole('article')).toHaveCount(2);
    await expect(main(v).getByRole('article').first()).toContainText('Message masqué par la modération');
    await expect(main(v).getByRole('article').first()).not.toContainText('décolle');
    await expect(main(v).getByRole('article').nth(1)).toContainText('film protecteur');
    await expect(main(v).getByText('Connectez-vous pour participer')).toBeVisible();
    await expect(main(v).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
    await expect(main(v).getByRole('textbox')).toHaveCount(0);
    await expect(main(v).getByRole('button', { name: /Signaler/ })).toHaveCount(0);
    // Its API refuses a post without a session, and nothing appears.
    const refused = await v.request.post(`/api/community/threads/${threadPath.split('/').pop()}/posts`, { data: { body: 'anonyme' }, headers: { Origin: BASE } });
    expect(refused.status()).toBe(401);

    expect(violations).toEqual([]);
    expect([...author.missing, ...replier.missing, ...reporter.missing, ...admin.missing, ...visitor.missing]).toEqual([]);
    for (const context of [author.context, replier.context, reporter.context, admin.context, visitor.context]) await context.close();
  });

  const TEXTS = {
    fr: { title: 'Communauté', category: 'Capteurs et appareils', signIn: 'Connectez-vous pour participer' },
    en: { title: 'Community', category: 'Sensors and devices', signIn: 'Sign in to take part' },
    es: { title: 'Comunidad', category: 'Sensores y dispositivos', signIn: 'Inicie sesión para participar' },
  } as const;

  test('the forum pages are axe-clean in fr, en and es, and the aliases show the forum', async ({ browser }) => {
    // Nineteen scans: 2.1 min once on a loaded 2-core machine, close to the former 150 s.
    test.setTimeout(240_000);
    const member = await memberWithPseudonym(browser, 'axe', 'Zoé');
    const p = member.page;
    const threadTitle = `Question de lecteur ${Date.now()}`;
    await main(p).getByRole('textbox', { name: 'Titre' }).fill(threadTitle);
    await main(p).getByRole('textbox', { name: 'Message', exact: true }).fill('Quel lecteur utilisez-vous ?\n\n- le premier\n- le second\n\n[notice](https://example.org)');
    await main(p).getByRole('button', { name: 'Publier la discussion' }).click();
    await expect(p).toHaveURL(/\/community\/t\//);
    const threadPath = new URL(p.url()).pathname;
    const visitor = await newBrowser(browser);
    const v = visitor.page;
    const violations: string[] = [];

    for (const lng of ['fr', 'en', 'es'] as const) {
      const texts = TEXTS[lng];
      for (const [page, path] of [[p, '/community'], [v, '/community'], [p, '/community/c/devices'], [v, '/community/c/devices'], [p, threadPath], [v, threadPath]] as const) {
        await page.goto(`${path}?lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(h1(page)).toHaveText(texts.title);
        if (path !== '/community') await expect(main(page)).toContainText(texts.category);
        if (page === v && path !== '/community') await expect(main(page)).toContainText(texts.signIn);
        await page.waitForLoadState('networkidle');
        violations.push(...(await axeViolations(page, `${path} ${lng} ${page === v ? 'signed out' : 'member'}`)));
      }
    }
    // The search finds the thread.
    await v.goto('/community?lng=fr');
    const words = threadTitle.split(' ').at(-1)!;
    await main(v).getByRole('searchbox', { name: 'Rechercher dans le forum' }).fill(words);
    await main(v).getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(main(v).getByRole('heading', { name: `Résultats pour « ${words} »` })).toBeVisible();
    await expect(main(v).getByRole('link', { name: threadTitle })).toBeVisible();
    await expect(main(v).getByText('Quel lecteur utilisez-vous ?', { exact: false }).first()).toBeVisible();
    violations.push(...(await axeViolations(v, '/community search')));
    for (const alias of ['/communaute', '/community-forum']) {
      await v.goto(alias);
      await expect(h1(v)).toHaveText('Communauté');
      await expect(main(v).getByRole('link', { name: 'Capteurs et appareils' })).toBeVisible();
    }
    // On a phone nothing scrolls sideways.
    expect(await v.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(violations).toEqual([]);
    expect([...member.missing, ...visitor.missing]).toEqual([]);
    await member.context.close();
    await visitor.context.close();
  });
});

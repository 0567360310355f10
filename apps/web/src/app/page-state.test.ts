import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { getI18n } from '@/lib/i18n';
import { fixRenderNow, renderNow } from '@/lib/render-clock';
import { PAGE_STATE_ID, applyPageState, pageStateJson, takePageState, type PageState } from './page-state';

function stateWith(data: unknown, language: PageState['language'] = 'fr'): PageState {
  const client = new QueryClient();
  client.setQueryData(['profile'], data);
  return { now: Date.UTC(2026, 10, 28, 6, 0), language, queries: dehydrate(client) };
}

/** The page as the server sends it: the JSON block after the root. */
function putBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_STATE_ID;
  block.textContent = text;
  document.body.append(block);
}

afterEach(async () => {
  document.getElementById(PAGE_STATE_ID)?.remove();
  fixRenderNow(undefined);
  await getI18n().changeLanguage('fr');
});

describe('the page state a signed-in page comes with', () => {
  it('cannot end its block or open a comment, whatever the reader typed, and reads back the same', () => {
    const typed = { note: '</script><script>alert(1)</script><!-- x' };
    const state = stateWith(typed);
    const json = pageStateJson(state);
    expect(json).not.toMatch(/</);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(state)));
    putBlock(json);
    expect(takePageState()?.queries.queries[0]?.state.data).toEqual(typed);
  });

  it('is read once: the block leaves the document with the data in it', () => {
    putBlock(pageStateJson(stateWith({ firstName: 'Camille' })));
    expect(takePageState()).not.toBeNull();
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
    expect(takePageState()).toBeNull();
  });

  it.each([
    ['not JSON', '{"now": 1,'],
    ['null', 'null'],
    ['no time', JSON.stringify({ ...stateWith({}), now: '2026-11-28' })],
    ['a language the app does not have', JSON.stringify({ ...stateWith({}), language: 'de' })],
    ['no queries', JSON.stringify({ now: 1, language: 'fr', queries: {} })],
  ])('is ignored when it is %s: the app renders the page itself', (_label, text) => {
    putBlock(text);
    expect(takePageState()).toBeNull();
    expect(document.getElementById(PAGE_STATE_ID)).toBeNull();
  });

  it("puts the answers in the cache, the render's time on the clock and its language on the app", async () => {
    const state = stateWith({ firstName: 'Camille' }, 'es');
    const client = new QueryClient();
    await applyPageState(client, state);
    expect(client.getQueryData(['profile'])).toEqual({ firstName: 'Camille' });
    expect(renderNow()).toBe(state.now);
    expect(getI18n().language).toBe('es');
    fixRenderNow(undefined);
    expect(Math.abs(renderNow() - Date.now())).toBeLessThan(1_000);
  });
});

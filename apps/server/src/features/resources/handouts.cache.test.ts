import { describe, expect, it, vi } from 'vitest';
import { createHandoutCache } from './handouts.cache';

describe('handout cache', () => {
  it('draws each (handout, language) once, even for two first requests at the same time', async () => {
    const cache = createHandoutCache();
    const render = vi.fn(async () => Buffer.from('%PDF-fr'));
    const [a, b] = await Promise.all([cache.get('hypoglycaemia', 'fr', render), cache.get('hypoglycaemia', 'fr', render)]);
    expect(a).toBe(b);
    expect(render).toHaveBeenCalledTimes(1);
    const english = vi.fn(async () => Buffer.from('%PDF-en'));
    expect((await cache.get('hypoglycaemia', 'en', english)).toString()).toBe('%PDF-en');
    expect(english).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed drawing, so the next request tries again', async () => {
    const cache = createHandoutCache();
    await expect(cache.get('sharing-data', 'es', async () => Promise.reject(new Error('font missing')))).rejects.toThrow('font missing');
    expect((await cache.get('sharing-data', 'es', async () => Buffer.from('ok'))).toString()).toBe('ok');
  });
});

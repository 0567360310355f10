import { describe, expect, it } from 'vitest';
import { INDEXABLE_PATHS, isAppPath, robotsTxt, sitemapXml } from './site-map';

describe('site map', () => {
  it('lists every public page on the given origin with its three languages and x-default', () => {
    const xml = sitemapXml('https://soins.example.org/');
    expect(xml.match(/<url>/g)).toHaveLength(INDEXABLE_PATHS.length);
    expect(xml).toContain('<loc>https://soins.example.org/privacy-policy</loc>');
    expect(xml).toContain('hreflang="es" href="https://soins.example.org/privacy-policy?lng=es"');
    expect(xml).toContain('hreflang="x-default" href="https://soins.example.org/"');
    expect(xml).not.toContain('glucosuivi.fr');
    expect(xml).not.toContain('//privacy-policy');
  });

  it('escapes the origin for XML', () => {
    expect(sitemapXml('http://h/a&b')).toContain('<loc>http://h/a&amp;b/terms</loc>');
  });

  it('keeps personal spaces, invitations and share links out of robots and points at the sitemap', () => {
    const robots = robotsTxt('http://127.0.0.1:3000');
    for (const path of ['/api/', '/doctor', '/profil', '/partage/', '/invitations/']) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain('Sitemap: http://127.0.0.1:3000/sitemap.xml');
  });

  it('tells the pages of the app from unknown paths', () => {
    for (const path of ['/', '/auth', '/profil', '/Profil', '/profil/', '/doctor/patients/abc-123', '/partage/tok']) expect(isAppPath(path), path).toBe(true);
    for (const path of ['/nope', '/doctor/patients', '/doctor/patients/a/b', '/partage/', '/profil//', '/settingsx']) expect(isAppPath(path), path).toBe(false);
  });
});

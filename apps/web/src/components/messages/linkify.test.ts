import { describe, expect, it } from 'vitest';
import { splitLinks, type TextPart } from './linkify';

const joined = (parts: TextPart[]) => parts.map((p) => p.text).join('');

describe('splitLinks', () => {
  it('leaves text without an address as one text part', () => {
    expect(splitLinks('Bonjour, ma glycémie était à 145 ce matin.')).toEqual([{ kind: 'text', text: 'Bonjour, ma glycémie était à 145 ce matin.' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('turns http and https addresses into links, the rest staying text', () => {
    const parts = splitLinks('Voir https://www.has-sante.fr/guide et http://exemple.fr/a?b=1#c merci');
    expect(parts).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', text: 'https://www.has-sante.fr/guide', href: 'https://www.has-sante.fr/guide' },
      { kind: 'text', text: ' et ' },
      { kind: 'link', text: 'http://exemple.fr/a?b=1#c', href: 'http://exemple.fr/a?b=1#c' },
      { kind: 'text', text: ' merci' },
    ]);
  });

  it('keeps sentence punctuation out of the link, but a parenthesis the address opened in it', () => {
    expect(splitLinks('Lisez https://exemple.fr/page.')).toEqual([
      { kind: 'text', text: 'Lisez ' },
      { kind: 'link', text: 'https://exemple.fr/page', href: 'https://exemple.fr/page' },
      { kind: 'text', text: '.' },
    ]);
    expect(splitLinks('(voir https://exemple.fr/x), puis « https://exemple.fr/y »!')).toEqual([
      { kind: 'text', text: '(voir ' },
      { kind: 'link', text: 'https://exemple.fr/x', href: 'https://exemple.fr/x' },
      { kind: 'text', text: '), puis « ' },
      { kind: 'link', text: 'https://exemple.fr/y', href: 'https://exemple.fr/y' },
      { kind: 'text', text: ' »!' },
    ]);
    const wiki = 'https://fr.wikipedia.org/wiki/Diab%C3%A8te_(maladie)';
    expect(splitLinks(`${wiki}.`)).toEqual([
      { kind: 'link', text: wiki, href: wiki },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of another scheme, a bare domain or a malformed address', () => {
    for (const text of [
      'javascript:alert(1)',
      'cliquez javascript://%0Aalert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'mailto:someone@example.com',
      'www.exemple.fr',
      'ftp://exemple.fr/fichier',
      'http://',
      'https://.',
      'xhttps://exemple.fr',
    ]) {
      const parts = splitLinks(text);
      expect(parts.filter((p) => p.kind === 'link'), text).toEqual([]);
      expect(joined(parts)).toBe(text);
    }
  });

  it('stops an address at markup characters, which stay plain text', () => {
    const text = 'https://exemple.fr/<script>alert(1)</script> "https://a.fr"onclick=x';
    const parts = splitLinks(text);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://exemple.fr/', 'https://a.fr']);
    expect(joined(parts)).toBe(text);
  });

  it('gives the text back unchanged, new lines included', () => {
    const text = 'Ligne 1\nhttps://exemple.fr/a\n\nHTTPS://EXEMPLE.FR/B fin';
    const parts = splitLinks(text);
    expect(joined(parts)).toBe(text);
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://exemple.fr/a', href: 'https://exemple.fr/a' },
      { kind: 'link', text: 'HTTPS://EXEMPLE.FR/B', href: 'https://exemple.fr/B' },
    ]);
  });
});

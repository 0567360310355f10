import { describe, expect, it } from 'vitest';
import { markdownToPlainText, parseInline, parseMarkdown, safeLinkHref } from './markdown';

describe('forum markdown subset', () => {
  it('parses paragraphs with line breaks, and blank lines between paragraphs', () => {
    expect(parseMarkdown('Bonjour\nà tous\n\nSecond')).toEqual([
      { type: 'paragraph', lines: [[{ type: 'text', text: 'Bonjour' }], [{ type: 'text', text: 'à tous' }]] },
      { type: 'paragraph', lines: [[{ type: 'text', text: 'Second' }]] },
    ]);
  });

  it('parses bold, italic, inline code and nested emphasis', () => {
    expect(parseInline('a **gras** et *ital* et _aussi_ et `x < 1`')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'gras' }] },
      { type: 'text', text: ' et ' },
      { type: 'em', children: [{ type: 'text', text: 'ital' }] },
      { type: 'text', text: ' et ' },
      { type: 'em', children: [{ type: 'text', text: 'aussi' }] },
      { type: 'text', text: ' et ' },
      { type: 'code', text: 'x < 1' },
    ]);
    expect(parseInline('**très *fort* vraiment**')[0]).toMatchObject({ type: 'strong', children: [{ type: 'text', text: 'très ' }, { type: 'em' }, { type: 'text', text: ' vraiment' }] });
  });

  it('keeps snake_case words, lone stars and unclosed marks as typed', () => {
    expect(parseInline('taux_de_sucre 2 * 3 **ouvert')).toEqual([{ type: 'text', text: 'taux_de_sucre 2 * 3 **ouvert' }]);
    expect(parseInline('\\*pas en italique\\*')).toEqual([{ type: 'text', text: '*pas en italique*' }]);
  });

  it('parses bulleted and numbered lists, one list per kind', () => {
    const blocks = parseMarkdown('Courses :\n- pain\n* riz\n\n1. un\n2) deux');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'list', 'list']);
    expect(blocks[1]).toMatchObject({ ordered: false, items: [[{ text: 'pain' }], [{ text: 'riz' }]] });
    expect(blocks[2]).toMatchObject({ ordered: true, items: [[{ text: 'un' }], [{ text: 'deux' }]] });
  });

  it('links only absolute http(s) addresses; any other target stays text', () => {
    expect(parseInline('[site](https://example.org/a?b=1)')).toEqual([
      { type: 'link', href: 'https://example.org/a?b=1', children: [{ type: 'text', text: 'site' }] },
    ]);
    for (const target of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.test', '/relatif', 'vbscript:x', 'https://user:pw@host.test']) {
      const nodes = parseInline(`[clic](${target})`);
      expect(nodes.some((n) => n.type === 'link'), target).toBe(false);
      expect(nodes.map((n) => (n.type === 'text' ? n.text : '')).join('')).toContain('clic');
    }
    expect(safeLinkHref(' https://example.org ')).toBe('https://example.org/');
    expect(safeLinkHref('https://exa mple.org')).toBeNull();
  });

  it('never makes a link inside a link label', () => {
    const [link] = parseInline('[[a](https://x.test)](https://y.test)');
    expect(link?.type === 'link' && link.children.some((c) => c.type === 'link')).toBe(false);
  });

  it('keeps HTML as plain text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', lines: [[{ type: 'text', text: '<script>alert(1)</script>' }]] },
    ]);
  });

  it('bounds nesting on hostile input and stays fast', () => {
    const hostile = '*'.repeat(2000) + 'x' + '['.repeat(2000) + '_'.repeat(1000);
    const started = performance.now();
    parseMarkdown(hostile);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('gives a plain-text version for excerpts', () => {
    expect(markdownToPlainText('**Bonjour** [lien](https://x.test)\n- a')).toBe('Bonjour lien a');
  });
});

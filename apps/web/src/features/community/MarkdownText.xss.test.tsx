import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './MarkdownText';

// Classic cross-site scripting payloads (written for this test after the usual cheat-sheet
// families: script tags, event handlers, dangerous URL schemes, SVG/MathML, entities and
// encodings, and Markdown link tricks). Whatever a post says, the rendered DOM must hold no
// executable element, no event handler and no link but http(s).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.test/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">clic</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '[clic](javascript:alert(1))',
  '[clic](JaVaScRiPt:alert(1))',
  '[clic]( javascript:alert(1) )',
  '[clic](javascript&colon;alert(1))',
  '[clic](&#106;avascript:alert(1))',
  '[clic](data:text/html,<script>alert(1)</script>)',
  '[clic](vbscript:msgbox(1))',
  '[clic](//evil.test)',
  '[clic](https://ok.test" onmouseover="alert(1))',
  '[**<img src=x onerror=alert(1)>**](https://ok.test)',
  '[a](https://ok.test)](javascript:alert(1))',
  '[[x](javascript:alert(1))](https://ok.test)',
  '![img](https://evil.test/x.png" onerror="alert(1))',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '`<script>alert(1)</script>`',
  '**<script>alert(1)</script>**',
  '- <img src=x onerror=alert(1)>\n- [x](javascript:alert(1))',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  '<a href="https://ok.test" onclick="alert(1)">x</a>',
];

const FORBIDDEN = 'script, img, svg, iframe, object, embed, math, style, input, body, details, form, base, link, meta';

describe('forum posts are rendered harmless', () => {
  it.each(PAYLOADS)('%s', (payload) => {
    const { container } = render(<MarkdownText source={payload} />);
    expect(container.querySelectorAll(FORBIDDEN)).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
      expect(element.hasAttribute('style')).toBe(false);
    }
    for (const link of container.querySelectorAll('a')) {
      expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
      expect(link.getAttribute('rel')).toContain('nofollow');
      expect(link.getAttribute('rel')).toContain('ugc');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    // What was typed is still readable, as text.
    expect(container.textContent?.length).toBeGreaterThan(0);
  });

  it('shows HTML as the text that was typed', () => {
    const { container } = render(<MarkdownText source={'<b>gras ?</b> **oui**'} />);
    expect(container.textContent).toBe('<b>gras ?</b> oui');
    expect(container.querySelectorAll('b')).toHaveLength(0);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
  });

  it('renders the safe subset: paragraphs, breaks, lists, emphasis, code and http(s) links', () => {
    const { container } = render(<MarkdownText source={'ligne 1\nligne 2\n\n- *a*\n- `b`\n\n1. [lien](https://example.org)'} />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelector('em')?.textContent).toBe('a');
    expect(container.querySelector('code')?.textContent).toBe('b');
    expect(container.querySelector('ol a')?.getAttribute('href')).toBe('https://example.org/');
  });
});

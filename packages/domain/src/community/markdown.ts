/**
 * The forum's Markdown: a deliberately small, safe subset parsed into a tree that the web app turns
 * into React elements (never into an HTML string). Anything outside the subset — HTML tags,
 * images, headings, links to anything but http(s) — stays plain text, so a post can never carry
 * markup or script. Supported: paragraphs, line breaks, **bold**, *italic* (or _italic_), `code`,
 * [links](https://…), and lists (`- item`, `* item`, `1. item`).
 */

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'em'; children: MarkdownInline[] }
  | { type: 'link'; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { type: 'paragraph'; lines: MarkdownInline[][] }
  | { type: 'list'; ordered: boolean; items: MarkdownInline[][] };

/** Emphasis nested deeper than this is left as text: bounds the work on hostile input. */
const MAX_DEPTH = 4;
const ESCAPABLE = /[\\`*_[\]()#+\-.!>~|]/;
const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

/**
 * A link target we accept: an absolute http or https URL and nothing else (no `javascript:`,
 * `data:`, relative or protocol-relative paths), returned in its normalised form.
 */
export function safeLinkHref(raw: string): string | null {
  const candidate = raw.trim();
  if (!/^https?:\/\/[^\s/?#]/i.test(candidate) || /[\s<>"'`\\]/.test(candidate)) return null;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

function pushText(out: MarkdownInline[], text: string) {
  if (!text) return;
  const last = out.at(-1);
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** The closing delimiter's index at or after `from`, skipping backslash-escaped characters; -1 if none. */
function findClosing(text: string, delimiter: string, from: number): number {
  for (let i = from; i <= text.length - delimiter.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

interface InlineMatch {
  node: MarkdownInline;
  end: number;
}

function matchLink(text: string, i: number, depth: number): InlineMatch | null {
  const labelEnd = findClosing(text, ']', i + 1);
  if (labelEnd <= i + 1 || text[labelEnd + 1] !== '(') return null;
  const targetEnd = text.indexOf(')', labelEnd + 2);
  if (targetEnd < 0) return null;
  const href = safeLinkHref(text.slice(labelEnd + 2, targetEnd));
  if (!href) return null;
  // No link inside a link's label: its text is only emphasis and code.
  const children = parseInline(text.slice(i + 1, labelEnd), depth + 1, false);
  return { node: { type: 'link', href, children }, end: targetEnd + 1 };
}

function matchEmphasis(text: string, i: number, depth: number, links: boolean): InlineMatch | null {
  const delimiter = text.startsWith('**', i) ? '**' : text[i]!;
  // `_` marks emphasis only at a word's edge, so snake_case words stay as typed.
  if (delimiter === '_' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!)) return null;
  const start = i + delimiter.length;
  const close = findClosing(text, delimiter, start);
  if (close <= start || /\s/.test(text[start]!) || /\s/.test(text[close - 1]!)) return null;
  const children = parseInline(text.slice(start, close), depth + 1, links);
  return { node: { type: delimiter === '**' ? 'strong' : 'em', children }, end: close + delimiter.length };
}

function matchAt(text: string, i: number, depth: number, links: boolean): InlineMatch | null {
  const c = text[i];
  if (c === '`') {
    const close = text.indexOf('`', i + 1);
    return close > i + 1 ? { node: { type: 'code', text: text.slice(i + 1, close) }, end: close + 1 } : null;
  }
  if (depth >= MAX_DEPTH) return null;
  if (c === '[' && links) return matchLink(text, i, depth);
  if (c === '*' || c === '_') return matchEmphasis(text, i, depth, links);
  return null;
}

/** One line's inline elements. */
export function parseInline(text: string, depth = 0, links = true): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      pushText(out, text[i + 1]!);
      i += 2;
      continue;
    }
    const match = matchAt(text, i, depth, links);
    if (match) {
      out.push(match.node);
      i = match.end;
    } else {
      pushText(out, c);
      i++;
    }
  }
  return out;
}

/** A post's source as blocks: list items group into lists, other lines into paragraphs. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: MarkdownInline[][] | null = null;
  let list: Extract<MarkdownBlock, { type: 'list' }> | null = null;
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (!line.trim()) {
      paragraph = null;
      list = null;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        list = { type: 'list', ordered, items: [] };
        blocks.push(list);
      }
      list.items.push(parseInline(item[3]!.trim()));
      paragraph = null;
      continue;
    }
    if (!paragraph) {
      paragraph = [];
      blocks.push({ type: 'paragraph', lines: paragraph });
    }
    list = null;
    paragraph.push(parseInline(line.trim()));
  }
  return blocks;
}

/** The text of a post without its Markdown marks, for excerpts and search results. */
export function markdownToPlainText(source: string): string {
  const inlineText = (nodes: MarkdownInline[]): string =>
    nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children))).join('');
  return parseMarkdown(source)
    .map((block) => (block.type === 'paragraph' ? block.lines : block.items).map(inlineText).join(' '))
    .join(' ');
}

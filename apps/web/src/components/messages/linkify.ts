/** A piece of a message's text: plain text, or a web address shown as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A candidate starts at a word boundary with http:// or https:// and runs to the next space or
// character that cannot sit in a typed address. Anything else (javascript:, data:, mailto:,
// "www." alone) stays text: only web pages become links.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Punctuation that ends a sentence rather than the address ("voir https://a.fr/x.").
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '…', '»', '"', "'", ')', ']']);

/** Drops trailing punctuation, keeping a closing parenthesis that the address itself opened. */
function trimTrailing(candidate: string): string {
  let url = candidate;
  while (url.length > 0 && TRAILING.has(url.at(-1)!)) {
    // "https://fr.wikipedia.org/wiki/Diabète_(maladie)" keeps its ")" when the "(" is inside.
    if (url.endsWith(')') && (url.match(/\(/g) ?? []).length >= (url.match(/\)/g) ?? []).length) break;
    url = url.slice(0, -1);
  }
  return url;
}

/** The address as a link target, or null when it is not a well-formed http(s) address. */
function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and links, for rendering as React text and <a> elements (never as
 * HTML). Joining every part's `text` gives the message back unchanged.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let rest = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const url = trimTrailing(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    pushText(text.slice(rest, start));
    parts.push({ kind: 'link', text: url, href });
    rest = start + url.length;
  }
  pushText(text.slice(rest));
  return parts;
}

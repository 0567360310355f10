import type { ReactNode } from 'react';
import { parseMarkdown, type MarkdownInline } from '@glucosuivi/domain/community/markdown';

/*
 * A forum post's Markdown as React elements. Every piece of text goes through React as a text
 * node (never as HTML), and the only element with an address is a link whose href the domain
 * parser accepted (absolute http/https), opened in a new tab without the opener and marked as
 * user content.
 */

function inline(nodes: MarkdownInline[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}-${index}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <code key={key} className="rounded bg-surface-strong px-1 font-mono text-[0.95em]">
            {node.text}
          </code>
        );
      case 'strong':
        return <strong key={key}>{inline(node.children, key)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children, key)}</em>;
      case 'link':
        return (
          <a key={key} href={node.href} rel="nofollow ugc noopener noreferrer" target="_blank" className="font-medium text-primary underline">
            {inline(node.children, key)}
          </a>
        );
    }
  });
}

function lines(items: MarkdownInline[][], key: string): ReactNode[] {
  return items.flatMap((line, index) => [...(index > 0 ? [<br key={`${key}-br-${index}`} />] : []), ...inline(line, `${key}-${index}`)]);
}

export function MarkdownText({ source }: { source: string }) {
  return (
    <div className="flex flex-col gap-3 break-words">
      {parseMarkdown(source).map((block, index) => {
        const key = `b${index}`;
        if (block.type === 'paragraph') return <p key={key}>{lines(block.lines, key)}</p>;
        const Tag = block.ordered ? 'ol' : 'ul';
        return (
          <Tag key={key} className={`${block.ordered ? 'list-decimal' : 'list-disc'} flex flex-col gap-1 ps-6`}>
            {block.items.map((item, i) => (
              <li key={`${key}-${i}`}>{inline(item, `${key}-${i}`)}</li>
            ))}
          </Tag>
        );
      })}
    </div>
  );
}

import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { splitLinks } from './linkify';

/**
 * A message's text as typed: React text nodes (never HTML), new lines kept, and http(s) addresses
 * as links opening in a new tab without handing it this page (noopener) or our address (noreferrer).
 */
export function MessageText({ text }: { text: string }) {
  const { t } = useTranslation('messages');
  const parts = useMemo(() => splitLinks(text), [text]);
  return (
    <p className="break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium underline underline-offset-2">
            {part.text}
            <span className="sr-only"> {t('conversation.newTab')}</span>
          </a>
        ),
      )}
    </p>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/document-title';
import { LanguageAlternates } from './page-meta';
import type { InfoPageKey } from './info-pages';

export interface InfoSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** Reads an array of the catalog (sections, items…), an empty one if the key is missing. */
export function useList<T>(key: string): T[] {
  const { t } = useTranslation('info');
  const value: unknown = t(key, { returnObjects: true, defaultValue: [] });
  return Array.isArray(value) ? (value as T[]) : [];
}

export function Sections({ sections, level = 2 }: { sections: InfoSection[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section) => (
        <section key={section.title} className="mb-8">
          <Heading
            className={level === 2 ? 'mb-3 text-2xl font-bold' : 'mb-2 text-xl font-semibold'}
          >
            {section.title}
          </Heading>
          {section.paragraphs?.map((p) => (
            <p key={p} className="mb-3 leading-relaxed">
              {p}
            </p>
          ))}
          {section.items?.length ? (
            <ul className="mb-3 list-disc space-y-1 pl-6 leading-relaxed">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

/**
 * One information page: its h1, title and meta description, an introduction, optional content
 * of its own, then the catalog's sections (`info:<page>.sections`).
 */
export function InfoArticle({
  page,
  children,
  wide = false,
}: {
  page: InfoPageKey;
  children?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('info');
  const title = t(`${page}.title`);
  usePageMeta(title, t(`${page}.description`));
  const sections = useList<InfoSection>(`${page}.sections`);
  return (
    <article className={`mx-auto px-4 py-12 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <LanguageAlternates />
      <h1 className="mb-4 text-3xl font-bold md:text-4xl">{title}</h1>
      <p className="mb-8 text-lg text-muted">{t(`${page}.intro`)}</p>
      {children}
      <Sections sections={sections} />
    </article>
  );
}

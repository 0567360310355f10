import { useTranslation } from 'react-i18next';

/** The apps we give steps for, and how many steps each has in the catalogs (`guides.<app>.<n>`). */
const GUIDES = [
  ['xdrip', 4],
  ['androidaps', 4],
  ['loop', 3],
  ['juggluco', 3],
  ['bridge', 3],
] as const;

/** Step-by-step setup of the usual uploader apps, each in a disclosure. */
export function SetupGuides({ siteUrl }: { siteUrl: string }) {
  const { t } = useTranslation('cgmConnection');
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-bold">{t('guides.title')}</h3>
      {GUIDES.map(([app, steps]) => (
        <details key={app} className="rounded-lg border border-line">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold">{t(`guides.${app}.name`)}</summary>
          <ol className="list-decimal flex-col gap-1 px-8 pb-3 text-sm">
            {Array.from({ length: steps }, (_, i) => (
              <li key={i} className="mb-1 break-words">
                {t(`guides.${app}.${i + 1}`, { site: siteUrl })}
              </li>
            ))}
          </ol>
        </details>
      ))}
    </div>
  );
}

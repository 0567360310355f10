import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { useDocumentTitle } from '@/lib/document-title';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { AgpSection } from './AgpSection';
import { ConsensusSection } from './ConsensusSection';
import { FormulasSection } from './FormulasSection';
import { HandoutsSection } from './HandoutsSection';

const SECTIONS = [
  { id: 'consensus', title: 'consensus.title' },
  { id: 'formulas', title: 'formulas.title' },
  { id: 'agp', title: 'agp.title' },
  { id: 'handouts', title: 'handouts.title' },
] as const;

/**
 * /doctor-resources: what a diabetologist reaches for — the consensus targets by population, the
 * formulas the app computes with their references, how to read the AGP, and patient handouts as
 * PDFs. Glucose values are in the reader's unit (their settings).
 */
export function DoctorResourcesPage() {
  const { t } = useTranslation('resources');
  useDocumentTitle(t('title'));
  const { unit, isPending } = useGlucoseSettings();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="max-w-prose text-muted">{t('intro')}</p>
      <nav aria-label={t('toc')}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
                {t(section.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* The unit comes from the reader's settings: the figures wait for it rather than change under their eyes. */}
      {isPending ? (
        <LoadingScreen variant="doctor" />
      ) : (
        <>
          <ConsensusSection unit={unit} />
          <FormulasSection unit={unit} />
          <AgpSection unit={unit} />
        </>
      )}
      <HandoutsSection />
    </div>
  );
}

import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A value the patient does not share with this professional. The words are real text (not only
 * an icon or a dash), so a screen reader reads "non partagé" in the cell; `what` names the data
 * when one cell stands for several columns.
 */
export function NotShared({ long = false, what }: { long?: boolean; what?: string }) {
  const { t } = useTranslation('doctor');
  return (
    <span className="inline-flex items-center gap-1 text-sm text-muted italic" data-testid="not-shared">
      <Lock aria-hidden="true" className="size-3.5 shrink-0" />
      {what ?? t(long ? 'notSharedLong' : 'notShared')}
    </span>
  );
}

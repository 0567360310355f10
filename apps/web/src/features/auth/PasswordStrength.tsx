import { useTranslation } from 'react-i18next';
import { isTooGuessable } from '@glucosuivi/domain/accounts/password-strength';
import type { Score } from './password-strength';

const BAR_COLOURS = ['bg-red-700', 'bg-orange-600', 'bg-yellow-600', 'bg-green-700', 'bg-green-800'] as const;

/** The zxcvbn score as a labelled meter, announced politely as it changes. */
export function PasswordStrength({ score }: { score: Score | null }) {
  const { t } = useTranslation('auth');
  const label = score === null ? '' : t(`strength.levels.${score}`);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="meter"
        aria-label={t('strength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score ?? 0}
        aria-valuetext={label || t('strength.empty')}
        className="grid h-2 grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={`rounded-full ${score !== null && score >= step ? BAR_COLOURS[score] : 'bg-surface-strong'}`}
          />
        ))}
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-muted">
        {score === null ? '' : t('strength.value', { level: label })}
        {score !== null && isTooGuessable(score) ? ` — ${t('strength.tooGuessable')}` : ''}
      </p>
    </div>
  );
}

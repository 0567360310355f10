import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_CATEGORIES, type ShareCategory } from './categories';

interface CategoryCheckboxesProps {
  legend: string;
  value: readonly ShareCategory[];
  onToggle: (category: ShareCategory, checked: boolean) => void;
  /** A translated error under the legend (e.g. "choose at least one category"). */
  error?: string | undefined;
  disabled?: boolean;
  /** Smaller layout for a card in a list. */
  compact?: boolean;
}

/** The eight categories of PRODUCT.md §4, each with a plain-words explanation. */
export function CategoryCheckboxes({ legend, value, onToggle, error, disabled, compact }: CategoryCheckboxesProps) {
  const { t } = useTranslation('careTeam');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className={compact ? 'grid gap-1 sm:grid-cols-2' : 'grid gap-1'}>
        {SHARE_CATEGORIES.map((category) => {
          const inputId = `${id}-${category}`;
          return (
            <div key={category} className="flex items-start gap-3 rounded-lg px-1 py-1 hover:bg-surface">
              <input
                id={inputId}
                type="checkbox"
                name={category}
                checked={value.includes(category)}
                onChange={(e) => onToggle(category, e.target.checked)}
                aria-describedby={`${inputId}-hint`}
                aria-invalid={error ? true : undefined}
                className="mt-2.5 size-5 shrink-0 accent-primary"
              />
              <label htmlFor={inputId} className="flex min-h-11 flex-1 cursor-pointer flex-col justify-center py-1">
                <span className="font-medium">{t(`categories.${category}.label`)}</span>
                <span id={`${inputId}-hint`} className="text-sm text-muted">
                  {t(`categories.${category}.hint`)}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

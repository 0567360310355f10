import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * The look of every text input and select: at least 44 px high, a border that turns red when the
 * value is invalid; the focus ring is the app-wide :focus-visible outline (index.css).
 */
export const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Shown under the label and announced with the field (aria-describedby). */
  hint?: string | undefined;
  /** Translated error text; marks the input invalid and is announced with it. */
  error?: string | null | undefined;
  /** Shown after the label, e.g. a <RequiredMark>. */
  labelSuffix?: ReactNode;
  /** A unit shown after the input ("g", "U"); screen readers hear it in the label instead. */
  unit?: string | undefined;
  /** The error is also a live alert (forms whose only feedback is that error). */
  announceError?: boolean;
  /** The typed text, for callers that keep strings in their state. */
  onValueChange?: (value: string) => void;
  children?: ReactNode;
}

/** The one labelled text input: label, hint, error and required marker, all tied to the input. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, hint, error, labelSuffix, unit, announceError = false, onValueChange, onChange, children, className = '', ...input },
  ref,
) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      ref={ref}
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={inputClasses}
      onChange={(event) => {
        onChange?.(event);
        onValueChange?.(event.target.value);
      }}
      {...input}
    />
  );
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
        {unit ? <span className="sr-only"> ({unit})</span> : null}
        {labelSuffix}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {unit ? (
        <div className="flex items-center gap-2">
          {field}
          <span aria-hidden="true" className="shrink-0 text-sm text-muted">
            {unit}
          </span>
        </div>
      ) : (
        field
      )}
      {children}
      {error ? (
        <p id={errorId} role={announceError ? 'alert' : undefined} className="text-sm font-medium text-red-700 dark:text-red-300" data-testid={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** The required marker after a label: a visible asterisk, and the word for screen readers. */
export function RequiredMark({ label }: { label: string }) {
  return (
    <span className="text-muted">
      {' '}
      <span aria-hidden="true">*</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Translated error text; linked to the input with aria-describedby. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown after the label (e.g. "required" marker). */
  labelSuffix?: ReactNode;
  children?: ReactNode;
}

export const inputClasses =
  'min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-fg border-line-strong aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** A labelled input with its hint and error, both announced with the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, labelSuffix, children, className = '', ...input },
  ref,
) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
        {labelSuffix}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClasses} {...input} />
      {children}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
});

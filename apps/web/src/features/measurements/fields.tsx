import type { InputHTMLAttributes, Ref } from 'react';

const inputClasses =
  'min-h-11 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  suffix?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with hint, unit suffix and error (linked with aria-describedby). */
export function TextField({ id, label, value, onChange, hint, error, suffix, inputRef, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
        {suffix ? <span className="sr-only"> ({suffix})</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        <input
          id={id}
          ref={inputRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses}
          {...input}
        />
        {suffix ? (
          <span aria-hidden="true" className="shrink-0 text-sm text-muted">
            {suffix}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps<V extends string> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

export function SelectField<V extends string>({ id, label, value, options, onChange }: SelectFieldProps<V>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as V)} className={inputClasses}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}


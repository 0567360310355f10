import { useId } from 'react';

export interface SelectOption<V extends string> {
  /** Never an empty string (spec §5). */
  value: V;
  label: string;
}

interface SelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

/** A native select with its label: keyboard, screen-reader and mobile friendly for free. */
export function Select<V extends string>({ label, value, options, onChange, hideLabel, className = '' }: SelectProps<V>) {
  const id = useId();
  return (
    <div className={`flex min-w-0 items-center gap-2 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="min-h-11 max-w-full min-w-0 rounded-lg border border-line bg-surface px-3 text-sm text-fg"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

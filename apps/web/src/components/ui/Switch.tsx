import { useId } from 'react';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  description?: string;
}

/** An on/off toggle (role="switch") with its visible label. */
export function Switch({ checked, onCheckedChange, label, description }: SwitchProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted">
            {description}
          </p>
        ) : null}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? descriptionId : undefined}
        onClick={() => onCheckedChange(!checked)}
        className="group inline-flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-full"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-7 w-12 rounded-full border-2 transition-colors ${
            checked ? 'border-primary bg-primary' : 'border-line-strong bg-surface-strong'
          }`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full shadow transition-transform ${
              checked ? 'translate-x-5 bg-on-primary' : 'bg-fg'
            }`}
          />
        </span>
      </button>
    </div>
  );
}

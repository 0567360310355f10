/** A radio group drawn as a segmented control (period pickers, units, filters). */
interface SegmentedProps<V extends string> {
  name: string;
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Keeps the legend for screen readers only. */
  hideLegend?: boolean;
  /** The legend's own classes, e.g. shown on a phone only (replaces the default and `hideLegend`). */
  legendClassName?: string;
  /** A thinner frame, for a toolbar that must keep to one line's height. */
  dense?: boolean;
  disabled?: boolean;
}

/** A radio group drawn as a segmented control: Tab reaches it, the arrow keys choose. */
export function Segmented<V extends string>({ name, legend, value, options, onChange, hideLegend, legendClassName, dense, disabled }: SegmentedProps<V>) {
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className={legendClassName ?? (hideLegend ? 'sr-only' : 'mb-1 font-medium')}>{legend}</legend>
      <div className={`flex flex-wrap gap-1 rounded-lg border border-line bg-surface ${dense ? 'p-px' : 'p-1'}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className="inline-flex min-h-11 min-w-11 flex-auto cursor-pointer items-center justify-center rounded-md px-3 text-sm font-semibold has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

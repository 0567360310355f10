import type { ReactNode } from 'react';

export type GuideIllustrationKind =
  'signup' | 'entry' | 'chart' | 'alert' | 'share' | 'report' | 'invite' | 'triage';

const frame = 'fill-canvas stroke-line-strong';
const block = 'fill-surface-strong';
const accent = 'fill-primary';

/** Small schematic drawings of the app's screens for the user guide (decorative: the text says it all). */
export function GuideIllustration({
  kind,
  className = '',
}: {
  kind: GuideIllustrationKind;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 160 112" className={className} aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="156" height="108" rx="10" className={frame} strokeWidth="2" />
      {DRAWINGS[kind]}
    </svg>
  );
}

const DRAWINGS: Record<GuideIllustrationKind, ReactNode> = {
  signup: (
    <>
      <circle cx="80" cy="30" r="12" className={accent} />
      <rect x="40" y="50" width="80" height="10" rx="4" className={block} />
      <rect x="40" y="66" width="80" height="10" rx="4" className={block} />
      <rect x="55" y="84" width="50" height="14" rx="6" className={accent} />
    </>
  ),
  entry: (
    <>
      <rect x="20" y="18" width="120" height="14" rx="5" className={block} />
      <text x="80" y="66" textAnchor="middle" fontSize="26" fontWeight="700" className="fill-fg">
        112
      </text>
      <text x="80" y="82" textAnchor="middle" fontSize="10" className="fill-muted">
        mg/dL
      </text>
      <rect x="50" y="88" width="60" height="14" rx="6" className={accent} />
    </>
  ),
  chart: (
    <>
      <rect
        x="14"
        y="38"
        width="132"
        height="34"
        className="fill-emerald-200 dark:fill-emerald-900"
      />
      <polyline
        points="14,70 34,58 50,30 66,48 86,62 104,44 122,22 146,52"
        fill="none"
        strokeWidth="3"
        strokeLinejoin="round"
        className="stroke-primary"
      />
      <line x1="14" y1="96" x2="146" y2="96" strokeWidth="2" className="stroke-line-strong" />
    </>
  ),
  alert: (
    <>
      <rect
        x="16"
        y="24"
        width="128"
        height="64"
        rx="8"
        className="fill-red-100 dark:fill-red-950"
      />
      <circle cx="40" cy="56" r="12" className="fill-red-700 dark:fill-red-300" />
      <rect x="60" y="44" width="70" height="8" rx="3" className={block} />
      <rect x="60" y="60" width="50" height="8" rx="3" className={block} />
    </>
  ),
  share: (
    <>
      <circle cx="40" cy="56" r="16" className={accent} />
      <circle cx="120" cy="56" r="16" className={block} />
      <line
        x1="58"
        y1="56"
        x2="102"
        y2="56"
        strokeWidth="4"
        strokeDasharray="6 4"
        className="stroke-primary"
      />
      <rect x="72" y="80" width="16" height="14" rx="3" className={accent} />
    </>
  ),
  report: (
    <>
      <rect x="46" y="12" width="68" height="88" rx="4" className={block} />
      <rect x="54" y="22" width="52" height="8" rx="2" className={accent} />
      <polyline
        points="54,70 66,56 78,64 90,46 106,54"
        fill="none"
        strokeWidth="3"
        className="stroke-primary"
      />
      <rect x="54" y="80" width="40" height="6" rx="2" className="fill-line-strong" />
    </>
  ),
  invite: (
    <>
      <rect x="30" y="28" width="100" height="60" rx="6" className={block} />
      <polyline
        points="30,30 80,64 130,30"
        fill="none"
        strokeWidth="3"
        className="stroke-primary"
      />
    </>
  ),
  triage: (
    <>
      {[20, 44, 68].map((y, i) => (
        <g key={y}>
          <circle
            cx="28"
            cy={y + 10}
            r="7"
            className={
              i === 0
                ? 'fill-red-700 dark:fill-red-300'
                : i === 1
                  ? 'fill-amber-500'
                  : 'fill-emerald-600'
            }
          />
          <rect x="44" y={y + 5} width="96" height="10" rx="4" className={block} />
        </g>
      ))}
    </>
  ),
};

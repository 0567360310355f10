import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Screenshots" of the app drawn in SVG (no image from the network): schematic, with a text
 * alternative (title + description) read by screen readers.
 */
function Drawing({
  name,
  children,
}: {
  name: 'dashboard' | 'charts' | 'sharing';
  children: ReactNode;
}) {
  const { t } = useTranslation('landing');
  const id = useId();
  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox="0 0 320 200"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        className="w-full rounded-xl border border-line bg-canvas"
      >
        <title id={`${id}-t`}>{t(`screenshots.${name}.title`)}</title>
        <desc id={`${id}-d`}>{t(`screenshots.${name}.alt`)}</desc>
        <rect x="0" y="0" width="320" height="22" className="fill-surface-strong" />
        <circle cx="12" cy="11" r="4" className="fill-red-400" />
        <circle cx="24" cy="11" r="4" className="fill-amber-400" />
        <circle cx="36" cy="11" r="4" className="fill-emerald-500" />
        {children}
      </svg>
      <figcaption className="text-center font-semibold">
        {t(`screenshots.${name}.title`)}
      </figcaption>
    </figure>
  );
}

const card = 'fill-surface stroke-line';
const label = 'fill-muted';
const value = 'fill-fg';

export function DashboardDrawing() {
  const { t } = useTranslation('landing');
  return (
    <Drawing name="dashboard">
      {[
        { x: 12, text: '128', unit: 'mg/dL', caption: t('screenshots.labels.latest') },
        { x: 112, text: '74 %', unit: '70–180', caption: t('screenshots.labels.tir') },
        { x: 212, text: '6,8 %', unit: 'GMI', caption: t('screenshots.labels.gmi') },
      ].map((c) => (
        <g key={c.x}>
          <rect x={c.x} y="32" width="96" height="58" rx="8" className={card} />
          <text x={c.x + 8} y="48" fontSize="9" className={label}>
            {c.caption}
          </text>
          <text x={c.x + 8} y="72" fontSize="18" fontWeight="700" className={value}>
            {c.text}
          </text>
          <text x={c.x + 8} y="84" fontSize="8" className={label}>
            {c.unit}
          </text>
        </g>
      ))}
      <rect x="12" y="100" width="296" height="88" rx="8" className={card} />
      <rect
        x="20"
        y="124"
        width="280"
        height="36"
        className="fill-emerald-100 dark:fill-emerald-950"
      />
      <polyline
        points="20,150 44,140 64,118 84,128 110,146 136,150 160,132 186,112 210,126 236,150 262,156 286,138 300,134"
        fill="none"
        strokeWidth="2.5"
        strokeLinejoin="round"
        className="stroke-primary"
      />
    </Drawing>
  );
}

export function ChartsDrawing() {
  const { t } = useTranslation('landing');
  // Time in range bar: very low, low, in range, high, very high.
  const bands = [
    { w: 3, c: 'fill-red-800' },
    { w: 8, c: 'fill-red-500' },
    { w: 148, c: 'fill-emerald-600' },
    { w: 38, c: 'fill-amber-400' },
    { w: 9, c: 'fill-orange-600' },
  ];
  let x = 20;
  return (
    <Drawing name="charts">
      <rect x="12" y="32" width="200" height="156" rx="8" className={card} />
      <text x="20" y="48" fontSize="9" className={label}>
        {t('screenshots.labels.agp')}
      </text>
      <path
        d="M20 150 C60 120 90 90 120 110 S180 140 204 100 L204 70 C180 110 150 80 120 70 S60 90 20 120 Z"
        className="fill-sky-200 dark:fill-sky-900"
      />
      <path
        d="M20 136 C60 108 90 80 120 92 S180 124 204 86"
        fill="none"
        strokeWidth="2.5"
        className="stroke-primary"
      />
      <line x1="20" y1="170" x2="204" y2="170" strokeWidth="1" className="stroke-line-strong" />
      <rect x="222" y="32" width="86" height="156" rx="8" className={card} />
      <text x="230" y="48" fontSize="9" className={label}>
        {t('screenshots.labels.tir')}
      </text>
      <g transform="rotate(-90 265 180)">
        {bands.map((b) => {
          const rect = (
            <rect key={b.c} x={x + 225} y="165" width={b.w * 0.6} height="30" className={b.c} />
          );
          x += b.w * 0.6;
          return rect;
        })}
      </g>
    </Drawing>
  );
}

export function SharingDrawing() {
  const { t } = useTranslation('landing');
  const rows = [
    t('screenshots.labels.glucose'),
    t('screenshots.labels.hba1c'),
    t('screenshots.labels.bloodPressure'),
    t('screenshots.labels.weight'),
  ];
  return (
    <Drawing name="sharing">
      <rect x="12" y="32" width="296" height="156" rx="8" className={card} />
      <circle cx="36" cy="56" r="12" className="fill-primary" />
      <text x="56" y="60" fontSize="11" fontWeight="700" className={value}>
        {t('screenshots.labels.doctor')}
      </text>
      {rows.map((row, i) => (
        <g key={row}>
          <text x="28" y={96 + i * 24} fontSize="10" className={value}>
            {row}
          </text>
          <rect
            x="250"
            y={86 + i * 24}
            width="36"
            height="16"
            rx="8"
            className={i === 3 ? 'fill-line-strong' : 'fill-primary'}
          />
          <circle cx={i === 3 ? 258 : 278} cy={94 + i * 24} r="6" className="fill-canvas" />
        </g>
      ))}
    </Drawing>
  );
}

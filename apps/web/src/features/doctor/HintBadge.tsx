import {
  useEffect,
  useState,
  type CSSProperties,
  type ReactNode,
  type SyntheticEvent,
} from 'react';

export type BadgeTone = 'urgent' | 'attention' | 'neutral';

const TONES: Record<BadgeTone, string> = {
  urgent: 'bg-red-800 text-white dark:bg-red-700',
  attention:
    'border border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50',
  neutral: 'border border-line-strong bg-surface text-fg',
};

/** Room kept below the badge for its text before it opens above instead. */
const ROOM_BELOW_PX = 96;

/**
 * A short word standing for a longer text, for a list where every row keeps to one line. The full
 * text is in the badge for screen readers (the short word is hidden from them, so it is read once),
 * and shown on hover and on keyboard focus (the badge is a tab stop); Escape hides it again, and the
 * pointer may move onto it (WCAG 1.4.13). The shown text is fixed to the window, so the table's
 * scrolling box never clips it; the badge is the hidden text's containing block, so that text never
 * lies outside the table and widens the page.
 */
export function HintBadge({
  short,
  full,
  tone,
  icon,
  testId,
}: {
  short: string;
  full: string;
  tone: BadgeTone;
  icon?: ReactNode;
  testId?: string;
}) {
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const show = (event: SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const left = Math.max(8, Math.min(box.left, window.innerWidth - 328));
    setPlace(
      box.bottom + ROOM_BELOW_PX > window.innerHeight
        ? { left, bottom: window.innerHeight - box.top }
        : { left, top: box.bottom },
    );
  };
  const hide = () => setPlace(null);
  // The text is placed once, where the badge was: scrolling would leave it behind.
  useEffect(() => {
    if (!place) return;
    const close = () => setPlace(null);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [place]);
  return (
    <span
      // A tab stop of its own, so that a keyboard user reads the full text as a mouse user does.
      tabIndex={0}
      className={`relative inline-flex min-h-6 items-center gap-1 rounded-full px-2 text-xs font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ${TONES[tone]}`}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && place) {
          event.stopPropagation();
          hide();
        }
      }}
      data-testid={testId}
    >
      {icon}
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{full}</span>
      {place ? (
        // Read already from the text above; this is its display. The padding bridges the gap to
        // the badge, so the pointer can move onto it without it closing.
        <span
          aria-hidden="true"
          className="fixed z-50 block max-w-80 py-1"
          style={place}
          data-testid="hint-badge-text"
        >
          <span className="block rounded-md bg-fg px-2 py-1 text-sm font-normal whitespace-normal text-canvas shadow-lg">
            {full}
          </span>
        </span>
      ) : null}
    </span>
  );
}

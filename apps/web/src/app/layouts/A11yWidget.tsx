import { Accessibility, Keyboard, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Switch } from '@/components/ui/Switch';
import { useA11y } from '@/lib/a11y-context';

const SHORTCUTS = [
  { keys: ['Alt', '1'], key: 'main' },
  { keys: ['Alt', '2'], key: 'navigation' },
  { keys: ['Alt', 'H'], key: 'contrast' },
  { keys: ['Alt', '+'], key: 'larger' },
  { keys: ['Alt', '-'], key: 'smaller' },
  { keys: ['Échap'], key: 'close' },
] as const;

/**
 * The accessibility button of every page (spec §2), at the end of the header row so it covers
 * nothing, and its dialog (settings view and help view).
 */
export function A11yWidget() {
  const { t } = useTranslation('a11y');
  const { flags, setFlag, panelOpen, setPanelOpen, message } = useA11y();
  const [view, setView] = useState<'settings' | 'help'>('settings');

  return (
    <>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {message}
      </p>
      <Dialog
        open={panelOpen}
        onOpenChange={(open) => {
          if (open) setView('settings');
          setPanelOpen(open);
        }}
        title={t(view === 'settings' ? 'settings.title' : 'help.title')}
        description={t(view === 'settings' ? 'settings.description' : 'help.description')}
        closeLabel={t('close')}
        trigger={
          <button
            type="button"
            aria-label={t('open')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary hover:bg-primary-strong"
          >
            <Accessibility aria-hidden="true" className="size-6" />
          </button>
        }
      >
        {view === 'settings' ? (
          <div className="flex flex-col gap-3">
            <Switch
              label={t('settings.highContrast')}
              checked={flags.highContrast}
              onCheckedChange={(value) => setFlag('highContrast', value)}
            />
            <Switch
              label={t('settings.reducedMotion')}
              checked={flags.reducedMotion}
              onCheckedChange={(value) => setFlag('reducedMotion', value)}
            />
            <Switch
              label={t('settings.largeText')}
              checked={flags.largeText}
              onCheckedChange={(value) => setFlag('largeText', value)}
            />
            <Button variant="secondary" className="mt-2 self-start" onClick={() => setView('help')}>
              <Keyboard aria-hidden="true" className="size-4" />
              {t('help.show')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              {SHORTCUTS.map(({ keys, key }) => (
                <div key={key} className="contents">
                  <dt className="whitespace-nowrap">
                    {keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 ? ' + ' : null}
                        <kbd className="rounded border border-line-strong bg-surface px-1.5 py-0.5 font-mono text-sm">
                          {k === 'Échap' ? t('help.escapeKey') : k}
                        </kbd>
                      </span>
                    ))}
                  </dt>
                  <dd>{t(`help.shortcuts.${key}`)}</dd>
                </div>
              ))}
            </dl>
            <Button variant="secondary" className="self-start" onClick={() => setView('settings')}>
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              {t('help.back')}
            </Button>
          </div>
        )}
      </Dialog>
    </>
  );
}

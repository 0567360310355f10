import { BellRing, Gauge, LineChart, ShieldCheck, Sparkles, Stethoscope } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/Dialog';

const TILES = [
  { key: 'dashboard', Icon: Gauge },
  { key: 'charts', Icon: LineChart },
  { key: 'sharing', Icon: Stethoscope },
  { key: 'advice', Icon: Sparkles },
  { key: 'alerts', Icon: BellRing },
  { key: 'security', Icon: ShieldCheck },
] as const;

/** The demo dialog (spec §2): six tiles and a start button that closes it. */
export function DemoDialog() {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('demo.title')}
      description={t('demo.text')}
      closeLabel={t('demo.close')}
      trigger={
        <button type="button" className={buttonClasses('secondary', 'px-6 text-base')}>
          {t('demo.open')}
        </button>
      }
    >
      <ul className="mb-6 grid grid-cols-2 gap-3">
        {TILES.map(({ key, Icon }) => (
          <li key={key} className="rounded-lg border border-line bg-surface p-3">
            <Icon aria-hidden="true" className="mb-2 size-6 text-primary" />
            <p className="font-semibold">{t(`demo.tiles.${key}.title`)}</p>
            <p className="text-sm text-muted">{t(`demo.tiles.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <Button onClick={() => setOpen(false)} className="w-full">
        {t('demo.start')}
      </Button>
    </Dialog>
  );
}

import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/TextField';

/** A value to copy into another app (an address, a secret): read-only field and a copy button. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('cgmConnection');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('copy.done'));
    } catch {
      // Clipboard refused (permissions, insecure origin): select the text for a manual copy.
      input.current?.select();
      toast.info(t('copy.manually'));
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={id} ref={input} readOnly value={value} onFocus={(e) => e.target.select()} className={`${inputClasses} min-w-0 flex-1 font-mono text-sm`} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={t('copy.label', { what: label })}>
          <Copy aria-hidden="true" className="size-4" />
          {t('copy.button')}
        </Button>
      </div>
    </div>
  );
}

import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  /** The button that opens the sheet; focus returns to it on close. */
  trigger: ReactNode;
  children: ReactNode;
}

/**
 * A panel sliding in from the side, on a Radix dialog: focus trapped inside, Escape and a click
 * outside close it, focus returns to the trigger. Full height, scrolls on its own.
 */
export function Sheet({ open, onOpenChange, title, closeLabel, trigger, children }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(100vw,22rem)] flex-col overflow-y-auto border-l border-line bg-canvas text-fg shadow-xl"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-2">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-surface-strong"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="flex flex-col gap-6 px-4 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

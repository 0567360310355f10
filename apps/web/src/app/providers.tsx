import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { A11yProvider } from '@/lib/a11y-context';
import { getI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider, useTheme } from '@/lib/theme-context';

/** Spec §9: notifications close after 4 s, at most three on screen. */
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;

function Toasts() {
  const { resolved } = useTheme();
  return (
    <Toaster theme={resolved} duration={TOAST_DURATION_MS} visibleToasts={TOAST_VISIBLE_MAX} closeButton richColors />
  );
}

/**
 * `queryClient`: a client already holding the page's data — the server's render of a signed-in
 * page, and the browser's hydration of it (app/signed-in-render.tsx); a new one otherwise.
 */
export function Providers({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <I18nextProvider i18n={getI18n()}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <A11yProvider>
            {children}
            <Toasts />
          </A11yProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

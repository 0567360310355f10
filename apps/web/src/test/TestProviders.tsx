import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { getI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-context';

/** The app's providers for a component test (features cannot import app/). */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={getI18n()}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

import { useEffect } from 'react';

export const APP_NAME = 'GlucoSuivi';

/** Sets the tab title for the current page ("<page> · GlucoSuivi"). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

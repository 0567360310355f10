import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installTestI18n } from './i18n-catalogs';

installTestI18n();

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});

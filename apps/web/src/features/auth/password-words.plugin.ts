import type { Plugin } from 'vite';
// Loaded with vite.config.ts, hence the extension (see there).
import { selectPasswordWords, type PasswordWords } from './password-words.select.js';

const WORDS_MODULE = /[\\/]features[\\/]auth[\\/]password-words\.ts$/;
const FULL_DICTIONARIES = /[\\/]node_modules[\\/]@zxcvbn-ts[\\/]language-/;

/**
 * Replaces password-words.ts by the meter's compact dictionaries, selected once per build from
 * the full ones (password-words.select.ts), and fails the build if a chunk for the browser still
 * holds a full dictionary package (≈ 1 MB brotli).
 */
export function passwordWordsPlugin(): Plugin {
  let words: PasswordWords | undefined;
  return {
    name: 'glucosuivi:password-words',
    enforce: 'pre',
    load(id) {
      if (!WORDS_MODULE.test(id.split('?')[0] ?? id)) return null;
      words ??= selectPasswordWords();
      return `export const passwordWords = ${JSON.stringify(words)};\n`;
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        const full = output.type === 'chunk' ? output.moduleIds.find((id) => FULL_DICTIONARIES.test(id)) : undefined;
        if (full) this.error(`${output.fileName} holds ${full}: the browser only gets the compact password dictionaries`);
      }
    },
  };
}

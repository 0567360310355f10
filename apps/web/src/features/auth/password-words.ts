import { selectPasswordWords, type PasswordWords } from './password-words.select';

/**
 * The sign-up meter's dictionaries. The build replaces this module by the selected lists
 * themselves (password-words.plugin.ts), so the browser never downloads the full dictionaries;
 * without the build (the tests), they are selected here from the same packages, the same way.
 */
export const passwordWords: PasswordWords = selectPasswordWords();

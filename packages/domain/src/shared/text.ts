import { z } from 'zod';

/**
 * Issue messages of the shared text type. They are translation keys: the web app shows them
 * through `errors:issues.<key>` unless a form gives its own message for the same rule.
 */
export const TEXT_ISSUES = {
  required: 'textRequired',
  tooLong: 'textTooLong',
  invalidCharacters: 'textInvalidCharacters',
} as const;

// C0 controls and DEL. PostgreSQL cannot store NUL at all; the others have no place in what a
// person types and can forge log lines or terminal output.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- idem
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface FreeTextOptions {
  /** Longest accepted text, in characters, after trimming. */
  max: number;
  /** Shortest accepted text after trimming (default 0). */
  min?: number;
  /** Newlines and tabs allowed (notes, messages); refused in single-line fields. */
  multiline?: boolean;
  /** A form's own issue messages for these rules (translation keys of its namespace). */
  messages?: { required?: string; tooLong?: string; invalidCharacters?: string };
}

/**
 * THE type of every free-text field a person writes (labels, notes, names, subjects…): trimmed,
 * bounded, without NUL or other control characters. Every `*.schemas.ts` input uses it, so a
 * new field cannot forget a rule and reach the database with a value it refuses.
 */
export function freeText(options: FreeTextOptions) {
  const forbidden = options.multiline ? CONTROL_EXCEPT_LINES : CONTROL;
  return z
    .string()
    .trim()
    .min(options.min ?? 0, options.messages?.required ?? TEXT_ISSUES.required)
    .max(options.max, options.messages?.tooLong ?? TEXT_ISSUES.tooLong)
    .refine((text) => !forbidden.test(text), {
      message: options.messages?.invalidCharacters ?? TEXT_ISSUES.invalidCharacters,
    });
}

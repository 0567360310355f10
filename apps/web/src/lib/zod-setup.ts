import { z } from 'zod';

// Zod 4 compiles object parsers with `new Function` after probing whether eval is allowed. The
// CSP (script-src 'self') forbids it and every probe files a violation report: stay jitless.
z.config({ jitless: true });

// MUST FAIL boundaries/element-types: a web feature imports another feature's module.
import { verdict } from '@/features/reports/weekly-view';

export const reading = verdict('meanMgdl', -5);

import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { departmentCsvQuerySchema, departmentQuerySchema, departmentSchema } from './department.schemas';

/*
 * Department tracking: the professional's linked patients as a population, drawn from the same
 * per-patient rows as the triage list (GET /api/doctor/patients). Only a doctor account may call
 * it; anyone else gets `not_found`, like the other professional endpoints. A category a patient
 * does not share is never sent, in the JSON or in the file.
 */

export const getDepartment = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/department',
  summary:
    'Professional: my linked patients as a population over 14, 30 or 90 days: control categories, no data for 7/14/30 days, distributions of time in range, GMI and time below range, one line per patient',
  tags: ['doctor'],
  access: 'user',
  query: departmentQuerySchema,
  response: departmentSchema,
  errors: ['not_found'],
});

// A file, not JSON: the response schema documents the body as a string; the server sends it as text/csv.
export const exportDepartmentCsv = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/department.csv',
  summary:
    'Professional: the department tracking table as CSV (UTF-8 BOM, semicolons): name, category, TIR, TBR, GMI, days since the last reading; empty cells where glucose is not shared',
  tags: ['doctor'],
  access: 'user',
  query: departmentCsvQuerySchema,
  response: z.string(),
  errors: ['not_found'],
});
export const DEPARTMENT_CSV_FILE_NAME = 'glucosuivi-suivi-service.csv';

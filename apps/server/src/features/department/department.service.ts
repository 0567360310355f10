import type { Department, DepartmentCsvQuery } from '@glucosuivi/domain/department/department.schemas';
import { buildDepartment } from '@glucosuivi/domain/department/department.rules';
import type { Actor } from '../../platform/db/database';
import type { ClientInfo } from '../care-team/care-team.service';
import { linkedPatientRows, type DoctorDeps } from '../doctor/doctor.service';
import { departmentCsv as toCsv } from './department.csv';

/** Department tracking reads what the triage list reads, through the doctor feature's service. */
export type DepartmentDeps = DoctorDeps;

/**
 * The professional's linked patients as a population over the last `days` days: the triage
 * rows of that period (care links, shared categories and RLS checked there) through the domain's
 * rules. Only glucose is shown, so only glucose is written to each patient's access log.
 */
export async function department(deps: DepartmentDeps, actor: Actor | null, days: number, client: ClientInfo): Promise<Department> {
  const { rows, period } = await linkedPatientRows(deps, actor, days, ['glucose'], client);
  return buildDepartment(rows, period);
}

/** The same table as CSV, column names and labels in `query.lang`. */
export async function departmentCsv(deps: DepartmentDeps, actor: Actor | null, query: DepartmentCsvQuery, client: ClientInfo): Promise<string> {
  return toCsv(await department(deps, actor, query.days, client), query.lang);
}

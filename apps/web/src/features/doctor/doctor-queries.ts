/** Query keys of the professional's pages; a change under one patient invalidates that patient only. */
export const doctorKeys = {
  all: ['doctor'] as const,
  triage: (filter: string, sort: string, q: string) => ['doctor', 'triage', filter, sort, q] as const,
  patient: (patientId: string) => ['doctor', 'patient', patientId] as const,
  profile: ['doctor', 'profile'] as const,
  invitations: ['care-team', 'invitations'] as const,
};

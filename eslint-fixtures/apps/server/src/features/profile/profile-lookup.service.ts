// MUST FAIL no-restricted-syntax: a service re-exports its repository, which would hand the query to
// any feature that imports this service (see alerts/alerts-lookup.service.ts).
export { findPatientProfile } from './profile.repository';

// Imports another feature's repository query through that feature's service re-export
// (profile/profile-lookup.service.ts, which is where the lint error is reported) and, directly,
// MUST FAIL boundaries/element-types and no-restricted-imports: another feature's repository.
import { findPatientProfile } from '../profile/profile-lookup.service';
import { findSettingsAndName } from '../profile/profile.repository';

export const lookups = [findPatientProfile, findSettingsAndName];

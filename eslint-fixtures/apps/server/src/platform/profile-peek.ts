// MUST FAIL boundaries/element-types: platform code reaches a feature's repository.
import { findPatientProfile } from '../features/profile/profile.repository';

export const peek = findPatientProfile;

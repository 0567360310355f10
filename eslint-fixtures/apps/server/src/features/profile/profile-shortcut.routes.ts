// MUST FAIL boundaries/element-types: a route reaches its feature's repository instead of its service.
import { findPatientProfile } from './profile.repository';

export const shortcut = findPatientProfile;

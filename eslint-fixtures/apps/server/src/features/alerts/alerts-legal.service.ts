// MUST PASS: a service uses its own repository, another feature's service and the platform.
import { AppError } from '../../platform/http/app-error';
import { loadPatientContext } from '../profile/profile.service';
import { findAlert } from './alerts.repository';

export const legal = [AppError, loadPatientContext, findAlert];

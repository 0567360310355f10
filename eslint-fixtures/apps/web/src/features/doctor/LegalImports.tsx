// MUST PASS: a feature uses the shared components, the lib and its own modules.
import { Card } from '@/components/glucose-dashboard/Card';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { patientName } from './triage-view';

export const legal = [Card, useGlucoseSettings, patientName];

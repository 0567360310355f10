import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { AccessLogSection } from './AccessLogSection';
import { CareTeamSection } from './CareTeamSection';
import { ShareLinksSection } from './ShareLinksSection';

/** The patient's sharing controls on /profil: care team, secure links and who read the data. */
export function PatientSharingSections() {
  const { timeZone } = useGlucoseSettings();
  return (
    <>
      <CareTeamSection timeZone={timeZone} />
      <ShareLinksSection timeZone={timeZone} />
      <AccessLogSection timeZone={timeZone} />
    </>
  );
}

import { describe, expect, it } from 'vitest';
import { availabilityInputSchema } from '@glucosuivi/domain/appointments/appointments.schemas';
import { generateSlots } from '@glucosuivi/domain/appointments/slots';
import { demoSchedules } from './demo-availability.seed';

describe('demo schedules', () => {
  it('offer video slots only where video consultations are configured', () => {
    const modes = (video: boolean) => {
      const { doctor, nurse } = demoSchedules(video);
      return new Set([...doctor.rules, ...nurse.rules].map((rule) => rule.mode));
    };
    expect([...modes(false)]).toEqual(['in_person']);
    expect([...modes(true)].sort()).toEqual(['in_person', 'video']);
  });

  it('are schedules the availability form accepts, with slots in any 14 days from a seed, all year round', () => {
    for (const video of [false, true]) {
      for (const schedule of Object.values(demoSchedules(video))) {
        expect(availabilityInputSchema.parse(schedule)).toEqual(schedule);
        // A seed at hours spread over 2026 (every weekday and hour come round; both DST changes included) leaves slots to book in the next two weeks.
        for (let from = Date.parse('2026-01-01T00:00:00Z'); from < Date.parse('2027-01-01T00:00:00Z'); from += 53 * 3_600_000) {
          expect(generateSlots(schedule, from, from + 14 * 86_400_000).length).toBeGreaterThan(0);
        }
      }
    }
  });
});

import {
  SATISFACTION_COMMENTS_MAX,
  SATISFACTION_MIN_RATINGS,
  SATISFACTION_WINDOW_DAYS,
  type Rating,
  type RatingInput,
  type Satisfaction,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import type { Actor } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './appointments.repository';
import {
  DAY_MS,
  ownAppointmentInTx,
  ratingEditableUntil,
  requirePatient,
  requireProfessional,
  type AppointmentsDeps,
} from './appointments.service';

/*
 * Satisfaction (issue 16): the patient rates a `done` appointment once, 1–5 with an optional
 * comment, and may change it for 7 days after the first rating. The professional sees only an
 * aggregate over the appointments of the last 90 days, never who rated: below 5 ratings only the
 * count (with so few, an average, a distribution or a comment would tell who gave which rating),
 * from 5 on the average, the distribution and the latest comments as bare text.
 */

export async function rateAppointment(
  deps: AppointmentsDeps,
  actor: Actor | null,
  id: string,
  input: RatingInput,
): Promise<Rating> {
  const patient = requirePatient(actor);
  const now = deps.clock.now();
  const row = await deps.database.asActor(patient, async (tx) => {
    const appointment = await ownAppointmentInTx(tx, { actor: patient, side: 'patient' }, id);
    if (appointment.status !== 'done') throw new AppError('rating_closed');
    const existing = (await repo.findRatings(tx, [id])).get(id);
    if (existing && now.getTime() > ratingEditableUntil(existing).getTime())
      throw new AppError('rating_closed');
    return repo.upsertRating(tx, {
      appointmentId: id,
      patientId: patient.userId,
      professionalId: appointment.professionalId,
      stars: input.stars,
      comment: input.comment ? input.comment : null,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    });
  });
  return {
    stars: row.stars,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: ratingEditableUntil(row).toISOString(),
  };
}

export async function getSatisfaction(
  deps: AppointmentsDeps,
  actor: Actor | null,
): Promise<Satisfaction> {
  const professional = requireProfessional(actor);
  const since = new Date(deps.clock.now().getTime() - SATISFACTION_WINDOW_DAYS * DAY_MS);
  const ratings = await deps.database.asActor(professional, (tx) =>
    repo.ratingsReceived(tx, since),
  );
  const base = {
    windowDays: SATISFACTION_WINDOW_DAYS,
    count: ratings.length,
    minRatings: SATISFACTION_MIN_RATINGS,
  };
  if (ratings.length < SATISFACTION_MIN_RATINGS)
    return { ...base, average: null, distribution: null, comments: [] };
  const distribution = [0, 0, 0, 0, 0];
  for (const rating of ratings) distribution[rating.stars - 1]!++;
  const average =
    Math.round((ratings.reduce((sum, r) => sum + r.stars, 0) / ratings.length) * 10) / 10;
  const comments = ratings
    .map((rating) => rating.comment)
    .filter((comment): comment is string => Boolean(comment))
    .slice(0, SATISFACTION_COMMENTS_MAX);
  return { ...base, average, distribution, comments };
}

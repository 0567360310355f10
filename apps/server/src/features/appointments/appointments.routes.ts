import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/appointments/appointments.contract';
import { registerEndpoint } from '../../platform/http/contract';
import type { AppointmentsDeps } from './appointments.service';
import * as availability from './availability.service';
import * as booking from './booking.service';
import * as ratings from './ratings.service';
import * as calendar from './calendar.service';

export function appointmentsRoutes(app: FastifyInstance, deps: AppointmentsDeps) {
  registerEndpoint(app, contract.getAvailability, ({ actor }) =>
    availability.getAvailability(deps, actor),
  );
  registerEndpoint(app, contract.saveAvailability, ({ actor, body }) =>
    availability.saveAvailability(deps, actor, body),
  );
  registerEndpoint(app, contract.listBookableProfessionals, ({ actor }) =>
    availability.listBookableProfessionals(deps, actor),
  );
  registerEndpoint(app, contract.listSlots, ({ actor, params, query }) =>
    availability.listSlots(deps, actor, params.professionalId, query.weeks),
  );
  registerEndpoint(app, contract.listAppointments, ({ actor, query }) =>
    booking.listAppointments(deps, actor, query),
  );
  registerEndpoint(app, contract.getAppointment, ({ actor, params }) =>
    booking.getAppointment(deps, actor, params.id),
  );
  registerEndpoint(app, contract.bookAppointment, ({ actor, body }) =>
    booking.bookAppointment(deps, actor, body),
  );
  registerEndpoint(app, contract.confirmAppointment, ({ actor, params }) =>
    booking.confirmAppointment(deps, actor, params.id),
  );
  registerEndpoint(app, contract.proposeAppointment, ({ actor, params, body }) =>
    booking.proposeAppointment(deps, actor, params.id, body),
  );
  registerEndpoint(app, contract.cancelAppointment, ({ actor, params, body }) =>
    booking.cancelAppointment(deps, actor, params.id, body.reason),
  );
  registerEndpoint(app, contract.recordOutcome, ({ actor, params, body }) =>
    booking.recordOutcome(deps, actor, params.id, body.status),
  );
  registerEndpoint(app, contract.rateAppointment, ({ actor, params, body }) =>
    ratings.rateAppointment(deps, actor, params.id, body),
  );
  registerEndpoint(app, contract.getSatisfaction, ({ actor }) =>
    ratings.getSatisfaction(deps, actor),
  );
  registerEndpoint(app, contract.getCalendarFeed, ({ actor }) =>
    calendar.getCalendarFeed(deps, actor),
  );
  registerEndpoint(app, contract.createCalendarFeed, ({ actor }) =>
    calendar.createCalendarFeed(deps, actor),
  );
  registerEndpoint(app, contract.revokeCalendarFeed, ({ actor }) =>
    calendar.revokeCalendarFeed(deps, actor),
  );
  registerEndpoint(app, contract.downloadAppointmentIcs, async ({ actor, params, reply }) => {
    const ics = await calendar.appointmentIcs(deps, actor, params.id);
    // A non-JSON content type makes Fastify send the string as is, not JSON-encoded.
    reply
      .header('content-type', contract.CALENDAR_CONTENT_TYPE)
      .header('content-disposition', 'attachment; filename="glucosuivi-rendez-vous.ics"');
    reply.header('cache-control', 'no-store');
    return ics;
  });
  registerEndpoint(app, contract.calendarFeed, async ({ params, reply }) => {
    const ics = await calendar.calendarFeedIcs(deps, params.token);
    reply
      .header('content-type', contract.CALENDAR_CONTENT_TYPE)
      .header('cache-control', 'no-store');
    return ics;
  });
}

import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/doctor/doctor.contract';
import { clientOf } from '../../platform/http/client-info';
import { registerEndpoint } from '../../platform/http/contract';
import * as service from './doctor.service';

export function doctorRoutes(app: FastifyInstance, deps: service.DoctorDeps) {
  registerEndpoint(app, contract.triage, ({ actor, query, request }) => service.triage(deps, actor, query, clientOf(request)));
  registerEndpoint(app, contract.patientAnalytics, ({ actor, params, query, request }) =>
    service.patientAnalytics(deps, actor, params.patientId, query.days, clientOf(request)),
  );
  registerEndpoint(app, contract.patientGlucoseSeries, ({ actor, params, query, request }) =>
    service.patientGlucoseSeries(deps, actor, params.patientId, query, clientOf(request)),
  );
  registerEndpoint(app, contract.patientEntries, ({ actor, params, query, request }) =>
    service.patientEntries(deps, actor, params.patientId, query.limit, clientOf(request)),
  );
  registerEndpoint(app, contract.patientAlerts, ({ actor, params, request }) => service.patientAlerts(deps, actor, params.patientId, clientOf(request)));
  registerEndpoint(app, contract.acknowledgePatientAlert, ({ actor, params, request }) =>
    service.acknowledgePatientAlert(deps, actor, params.patientId, params.alertId, clientOf(request)),
  );
  registerEndpoint(app, contract.getAlertNotifications, ({ actor, params, request }) =>
    service.getAlertNotifications(deps, actor, params.patientId, clientOf(request)),
  );
  registerEndpoint(app, contract.setAlertNotifications, ({ actor, params, body, request }) =>
    service.setAlertNotifications(deps, actor, params.patientId, body.enabled, clientOf(request)),
  );
  registerEndpoint(app, contract.setPatientTargets, ({ actor, params, body, request }) =>
    service.setPatientTargets(deps, actor, params.patientId, body.targets, clientOf(request)),
  );
  registerEndpoint(app, contract.listNotes, ({ actor, params, request }) => service.listNotes(deps, actor, params.patientId, clientOf(request)));
  registerEndpoint(app, contract.createNote, ({ actor, params, body, request }) => service.createNote(deps, actor, params.patientId, body.body, clientOf(request)));
  registerEndpoint(app, contract.updateNote, ({ actor, params, body, request }) =>
    service.updateNote(deps, actor, params.patientId, params.noteId, body.body, clientOf(request)),
  );
  registerEndpoint(app, contract.deleteNote, ({ actor, params, request }) => service.deleteNote(deps, actor, params.patientId, params.noteId, clientOf(request)));
  registerEndpoint(app, contract.getDoctorProfile, ({ actor }) => service.getDoctorProfile(deps, actor));
  registerEndpoint(app, contract.updateDoctorProfile, ({ actor, body }) => service.updateDoctorProfile(deps, actor, body));
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '@glucosuivi/domain/nightscout/nightscout.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as api from './nightscout-api.service';
import * as treatmentsContract from '@glucosuivi/domain/nightscout/nightscout-treatments.contract';
import { deleteTreatment, listTreatments, postTreatments, putTreatments } from './nightscout-treatments.service';
import { createUploader, listUploaders, revokeUploader, rotateUploader, type NightscoutDeps, type UploaderCredentials } from './nightscout.service';

/** What a Nightscout request carries to say who it is; the service checks it. */
function credentialsOf(request: FastifyRequest, query: { token?: string | undefined }): UploaderCredentials {
  const header = request.headers['api-secret'];
  return { apiSecret: typeof header === 'string' ? header : undefined, token: query.token, clientAddress: request.ip };
}

/** The patient's uploaders (/api/nightscout) and the Nightscout API v1 for the uploader apps (/api/v1). */
export function nightscoutRoutes(app: FastifyInstance, deps: NightscoutDeps) {
  registerEndpoint(app, contract.listUploaders, ({ actor }) => listUploaders(deps, actor));
  registerEndpoint(app, contract.createUploader, ({ actor, body }) => createUploader(deps, actor, body));
  registerEndpoint(app, contract.rotateUploader, ({ actor, params }) => rotateUploader(deps, actor, params.id));
  registerEndpoint(app, contract.revokeUploader, ({ actor, params }) => revokeUploader(deps, actor, params.id));

  for (const endpoint of [contract.listEntries, contract.listEntriesJson]) {
    registerEndpoint(app, endpoint, ({ request, query }) => api.listEntries(deps, credentialsOf(request, query), query));
  }
  registerEndpoint(app, contract.listSgvEntries, ({ request, query }) => api.listEntries(deps, credentialsOf(request, query), query, 'sgv'));
  for (const endpoint of [contract.currentEntry, contract.currentEntryJson]) {
    registerEndpoint(app, endpoint, ({ request, query }) => api.currentEntry(deps, credentialsOf(request, query)));
  }
  for (const endpoint of [contract.postEntries, contract.postEntriesJson]) {
    registerEndpoint(app, endpoint, ({ request, query, body }) => api.postEntries(deps, credentialsOf(request, query), body));
  }
  for (const endpoint of [contract.listDeviceStatus, contract.listDeviceStatusJson]) {
    registerEndpoint(app, endpoint, ({ request, query }) => api.listDeviceStatus(deps, credentialsOf(request, query), query));
  }
  for (const endpoint of [contract.postDeviceStatus, contract.postDeviceStatusJson]) {
    registerEndpoint(app, endpoint, ({ request, query, body }) => api.postDeviceStatus(deps, credentialsOf(request, query), body));
  }
  for (const endpoint of [treatmentsContract.listTreatments, treatmentsContract.listTreatmentsJson]) {
    registerEndpoint(app, endpoint, ({ request, query }) => listTreatments(deps, credentialsOf(request, query), query));
  }
  for (const endpoint of [treatmentsContract.postTreatments, treatmentsContract.postTreatmentsJson]) {
    registerEndpoint(app, endpoint, ({ request, query, body }) => postTreatments(deps, credentialsOf(request, query), body));
  }
  for (const endpoint of [treatmentsContract.putTreatments, treatmentsContract.putTreatmentsJson]) {
    registerEndpoint(app, endpoint, ({ request, query, body }) => putTreatments(deps, credentialsOf(request, query), body));
  }
  registerEndpoint(app, treatmentsContract.deleteTreatment, ({ request, query, params }) => deleteTreatment(deps, credentialsOf(request, query), params.id));
  registerEndpoint(app, contract.nightscoutStatus, ({ request, query }) => api.getStatus(deps, credentialsOf(request, query)));
  registerEndpoint(app, contract.verifyAuth, ({ request, query }) => api.verifyAuth(deps, credentialsOf(request, query)));
}

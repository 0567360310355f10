import { defineEndpoint } from '../shared/contract';
import {
  acceptInvitationSchema,
  accessLogPageSchema,
  accessLogQuerySchema,
  careTeamMemberSchema,
  careTeamSchema,
  createdShareLinkSchema,
  createShareLinkSchema,
  invitationIdParamsSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenSchema,
  invitePatientSchema,
  inviteProfessionalResultSchema,
  inviteProfessionalSchema,
  linkIdParamsSchema,
  okSchema,
  sharedViewSchema,
  shareLinkListSchema,
  shareLinkSchema,
  shareTokenParamsSchema,
  updateCategoriesSchema,
} from './care-team.schemas';

/*
 * Care team, consent and sharing (PRODUCT.md §4). Access rules, enforced by the service and by
 * PostgreSQL row-level security:
 * - "professional" endpoints need a doctor account; "patient" endpoints a patient account; any
 *   other caller gets `not_found` (never `forbidden`), like a patient id without an active care
 *   link or a category the patient does not share.
 * - Every read of a patient's data by a professional or a share link is written to the access log.
 */

// --- Invitations -----------------------------------------------------------------------------

export const invitePatient = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/patient',
  summary: 'Professional: invites a patient by e-mail (link valid 14 days, sent in the inviter’s language)',
  tags: ['care-team'],
  access: 'user',
  body: invitePatientSchema,
  status: 201,
  response: invitationSchema,
  errors: ['not_found', 'conflict'],
});

export const inviteProfessional = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/professional',
  summary: 'Patient: invites a professional by e-mail or personal code, choosing the categories to share',
  tags: ['care-team'],
  access: 'user',
  body: inviteProfessionalSchema,
  status: 201,
  response: inviteProfessionalResultSchema,
  errors: ['not_found', 'conflict'],
});

export const listInvitations = defineEndpoint({
  method: 'GET',
  path: '/api/care-team/invitations',
  summary: 'Invitations I sent or accepted/declined, newest first; pending past expiry read as expired',
  tags: ['care-team'],
  access: 'user',
  response: invitationListSchema,
});

export const resendInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/:id/resend',
  summary: 'Sender: e-mails a new link (new token, new 14-day expiry); the old link stops working',
  tags: ['care-team'],
  access: 'user',
  params: invitationIdParamsSchema,
  response: invitationSchema,
  errors: ['not_found', 'conflict'],
});

export const revokeInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/:id/revoke',
  summary: 'Sender: withdraws a pending invitation',
  tags: ['care-team'],
  access: 'user',
  params: invitationIdParamsSchema,
  response: invitationSchema,
  errors: ['not_found', 'conflict'],
});

export const previewInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/preview',
  summary:
    'Recipient: who invites me and what is asked, from the e-mailed token (the accept page). Signed out: only who invites and ' +
    'whether the invitation still stands (what the e-mail already said), so the page can say it before sign-in or sign-up',
  tags: ['care-team'],
  access: 'public',
  body: invitationTokenSchema,
  response: invitationPreviewSchema,
  errors: ['not_found'],
});

export const acceptInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/accept',
  summary: 'Recipient: accepts (a patient chooses the categories; a professional takes those the patient chose)',
  tags: ['care-team'],
  access: 'user',
  body: acceptInvitationSchema,
  response: careTeamMemberSchema.pick({ linkId: true, categories: true, since: true }),
  errors: ['not_found', 'conflict'],
});

export const declineInvitation = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/invitations/decline',
  summary: 'Recipient: declines',
  tags: ['care-team'],
  access: 'user',
  body: invitationTokenSchema,
  response: okSchema,
  errors: ['not_found', 'conflict'],
});

// --- Care links (patient) --------------------------------------------------------------------

export const getCareTeam = defineEndpoint({
  method: 'GET',
  path: '/api/care-team',
  summary: 'Patient: my care team (professional, speciality, verified, categories shared)',
  tags: ['care-team'],
  access: 'user',
  response: careTeamSchema,
  errors: ['not_found'],
});

export const updateLinkCategories = defineEndpoint({
  method: 'PUT',
  path: '/api/care-team/links/:id/categories',
  summary: 'Patient: changes the categories shared with one professional, effective at once',
  tags: ['care-team'],
  access: 'user',
  params: linkIdParamsSchema,
  body: updateCategoriesSchema,
  response: careTeamMemberSchema,
  errors: ['not_found'],
});

export const revokeLink = defineEndpoint({
  method: 'DELETE',
  path: '/api/care-team/links/:id',
  summary: 'Patient: ends a care link, effective at once (the professional’s next request answers 404)',
  tags: ['care-team'],
  access: 'user',
  params: linkIdParamsSchema,
  response: okSchema,
  errors: ['not_found'],
});

export const getAccessLog = defineEndpoint({
  method: 'GET',
  path: '/api/care-team/access-log',
  summary: 'Patient: who read my data ("Qui a consulté mes données"), newest first, last 12 months',
  tags: ['care-team'],
  access: 'user',
  query: accessLogQuerySchema,
  response: accessLogPageSchema,
  errors: ['not_found'],
});

// --- Share links (patient) and the public view -------------------------------------------------

export const createShareLink = defineEndpoint({
  method: 'POST',
  path: '/api/care-team/share-links',
  summary: 'Patient: creates a read-only link; the token is in this answer only (URL /partage/<token>)',
  tags: ['care-team'],
  access: 'user',
  body: createShareLinkSchema,
  status: 201,
  response: createdShareLinkSchema,
  errors: ['not_found'],
});

export const listShareLinks = defineEndpoint({
  method: 'GET',
  path: '/api/care-team/share-links',
  summary: 'Patient: my share links with their status and view counts',
  tags: ['care-team'],
  access: 'user',
  response: shareLinkListSchema,
  errors: ['not_found'],
});

export const revokeShareLink = defineEndpoint({
  method: 'DELETE',
  path: '/api/care-team/share-links/:id',
  summary: 'Patient: revokes a share link (idempotent)',
  tags: ['care-team'],
  access: 'user',
  params: linkIdParamsSchema,
  response: shareLinkSchema,
  errors: ['not_found'],
});

export const viewShare = defineEndpoint({
  method: 'GET',
  path: '/api/share/:token',
  summary:
    'Public: the data of a share link (chosen categories and period only) and its expiry. Unknown, expired or revoked → 404 not_found ' +
    '(message `share_link_expired` or `share_link_revoked` when the token was valid once). Every view is logged.',
  tags: ['care-team'],
  access: 'public',
  params: shareTokenParamsSchema,
  response: sharedViewSchema,
  errors: ['not_found'],
});

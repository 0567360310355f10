import {
  endOfLocalDate,
  entitlementsOf,
  FREE_PDF_REPORTS_PER_MONTH,
  localMonthOf,
  PLAN_ENTITLEMENTS,
  PLANS,
  PREMIUM_PRICES,
  pdfReportsLeft,
  statusAt,
  type Entitlement,
  type SubscriptionState,
} from '@glucosuivi/domain/subscription/plans';
import type { CheckoutInput, InvoicesDto, Plans, PremiumGrant, SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import type { Clock } from '../../platform/clock';
import type { Actor, Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { findAccountById } from '../accounts/accounts.service';
import { resolveUserType } from '../accounts/account-core.service';
import { recordAdminAction } from '../admin/admin-actions.service';
import { requirePatient } from '../profile/profile.service';
import * as repo from './subscription.repository';
import { listPaidInvoices, setPaidCancel, startPaidCheckout, type PaymentDeps } from './payments.service';

/*
 * Plans and entitlements on the server (issue 19). Every premium action asks `requireEntitlement`
 * (or `hasEntitlement`) inside its own transaction; the rules themselves are the domain's
 * (subscription/plans.ts). Subscriptions are written here only, on the owner connection.
 */

/** The payment provider (null when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not both set, main.ts). */
export interface SubscriptionDeps extends PaymentDeps {
  /** ADMIN_EMAILS: an administrator's grant goes to patients only, and these addresses are administrators. */
  adminEmails: ReadonlySet<string>;
}

function stateOf(row: repo.SubscriptionRow | undefined): SubscriptionState | null {
  if (!row) return null;
  return { plan: row.plan, status: row.status, currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** The patient's entitlements now, read in the caller's transaction (theirs under RLS, or the owner's). */
export async function entitlementsInTx(deps: { clock: Clock }, tx: Tx, patientId: string): Promise<Entitlement[]> {
  return entitlementsOf(stateOf(await repo.findSubscription(tx, patientId)), deps.clock.now().getTime());
}

export async function hasEntitlement(deps: { clock: Clock }, tx: Tx, patientId: string, entitlement: Entitlement): Promise<boolean> {
  return (await entitlementsInTx(deps, tx, patientId)).includes(entitlement);
}

/** The refusal of a premium action: 402 `premium_required`, naming the entitlement for the page's message. */
export function premiumRequired(entitlement: Entitlement): AppError {
  return new AppError('premium_required', `This needs premium (${entitlement})`, undefined, { params: { entitlement } });
}

/** Throws `premium_required` unless the patient's plan includes `entitlement` now. */
export async function requireEntitlement(deps: { clock: Clock }, tx: Tx, patientId: string, entitlement: Entitlement): Promise<void> {
  if (!(await hasEntitlement(deps, tx, patientId, entitlement))) throw premiumRequired(entitlement);
}

/**
 * Runs `produce` (the PDF report) as one counted download: the quota is checked and the download
 * recorded under a per-patient lock, so a free patient's fourth report of their local month is
 * refused with `premium_required` before anything is built; a report that then fails to build is
 * taken off the count. Premium downloads are counted too (the page shows them), never refused.
 */
export async function countedPdfReport<T>(deps: { database: Database; clock: Clock }, patientId: string, produce: () => Promise<T>): Promise<T> {
  const now = deps.clock.now();
  const id = await deps.database.db.transaction(async (tx) => {
    await repo.lockPdfQuota(tx, patientId);
    const entitlements = entitlementsOf(stateOf(await repo.findSubscription(tx, patientId)), now.getTime());
    if (!entitlements.includes('unlimited_pdf')) {
      const month = localMonthOf(now.getTime(), await repo.timeZoneOf(tx, patientId));
      const used = await repo.countPdfDownloads(tx, patientId, new Date(month.from), new Date(month.to));
      if (pdfReportsLeft(entitlements, used) === 0) throw premiumRequired('unlimited_pdf');
    }
    return repo.insertPdfDownload(tx, patientId, now);
  });
  try {
    return await produce();
  } catch (error) {
    await repo.deletePdfDownload(deps.database.db, id);
    throw error;
  }
}

/** The plans and premium prices (public). */
export function listPlans(): Plans {
  return {
    plans: PLANS.map((plan) => ({ plan, entitlements: [...PLAN_ENTITLEMENTS[plan]], prices: plan === 'premium' ? [...PREMIUM_PRICES] : [] })),
    freePdfReportsPerMonth: FREE_PDF_REPORTS_PER_MONTH,
  };
}

function toDto(deps: Pick<SubscriptionDeps, 'payments'>, row: repo.SubscriptionRow | undefined, now: number, usage: { month: ReturnType<typeof localMonthOf>; used: number }): SubscriptionDto {
  const state = stateOf(row);
  const entitlements = entitlementsOf(state, now);
  const left = pdfReportsLeft(entitlements, usage.used);
  const premium = entitlements.length > 0;
  return {
    plan: premium ? 'premium' : 'free',
    status: statusAt(state, now),
    interval: row?.billingInterval ?? null,
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: premium && (row?.cancelAtPeriodEnd ?? false),
    source: row?.source ?? null,
    entitlements,
    usage: {
      pdfReports: {
        month: usage.month.month,
        used: usage.used,
        limit: left === null ? null : FREE_PDF_REPORTS_PER_MONTH,
        left,
        resetsAt: new Date(usage.month.to).toISOString(),
      },
    },
    prices: [...PREMIUM_PRICES],
    paymentsConfigured: deps.payments !== null,
  };
}

/** The patient's own subscription, usage of this local month included, read under RLS. */
export async function getSubscription(deps: SubscriptionDeps, actor: Actor | null): Promise<SubscriptionDto> {
  const patient = requirePatient(actor);
  const now = deps.clock.now().getTime();
  return deps.database.asActor(patient, async (tx) => {
    const row = await repo.findSubscription(tx, patient.userId);
    const month = localMonthOf(now, await repo.timeZoneOf(tx, patient.userId));
    const used = await repo.countPdfDownloads(tx, patient.userId, new Date(month.from), new Date(month.to));
    return toDto(deps, row, now, { month, used });
  });
}

/**
 * Starts paying for premium: Stripe's payment page for the chosen interval (payments.service.ts);
 * the plan changes only when Stripe's webhook says it was paid. Without a payment provider on
 * this server: 409 `payments_not_configured` (an administrator can still grant premium).
 */
export async function startCheckout(deps: SubscriptionDeps, actor: Actor | null, input: CheckoutInput): Promise<{ url: string }> {
  const patient = requirePatient(actor);
  return startPaidCheckout(deps, patient, input.interval);
}

async function setCancel(deps: SubscriptionDeps, actor: Actor | null, cancel: boolean): Promise<SubscriptionDto> {
  const patient = requirePatient(actor);
  // A paid subscription is changed at Stripe; a grant (or a paid one on a server that lost its
  // keys) here only.
  const paid = await setPaidCancel(deps, patient.userId, cancel);
  const changed = paid ?? (await repo.setCancelAtPeriodEnd(deps.database.db, patient.userId, cancel, deps.clock.now()));
  // Nothing running with a period (never subscribed, or over): nothing to cancel or resume.
  if (!changed) throw new AppError('not_found', 'No running subscription');
  return getSubscription(deps, patient);
}

/** The patient's invoices from the payment provider, newest first. */
export async function listInvoices(deps: SubscriptionDeps, actor: Actor | null): Promise<InvoicesDto> {
  const patient = requirePatient(actor);
  return { invoices: await listPaidInvoices(deps, patient.userId) };
}

/** Premium stops at the end of the current period instead of renewing; it stays until then. */
export function cancelSubscription(deps: SubscriptionDeps, actor: Actor | null): Promise<SubscriptionDto> {
  return setCancel(deps, actor, true);
}

/** Undoes a cancellation while the period still runs. */
export function resumeSubscription(deps: SubscriptionDeps, actor: Actor | null): Promise<SubscriptionDto> {
  return setCancel(deps, actor, false);
}

/** Premium until `until` without an administrator (the demo seed, tests); `tx` to commit with the caller's writes. */
export async function grantPremiumUntil(deps: { database: Database; clock: Clock }, patientId: string, until: Date, tx?: Tx): Promise<void> {
  await repo.upsertGrant(tx ?? deps.database.db, patientId, until, deps.clock.now());
}

function untilRefused(message: string): AppError {
  return new AppError('validation_failed', 'Invalid request', [{ path: ['body', 'until'], code: 'custom', message }]);
}

/**
 * An administrator grants a patient premium through the calendar date `until`, in the patient's
 * time zone (that whole day included), replacing what the patient had. Patients only (anyone
 * else: not found); the grant and its audit line commit together.
 */
export async function grantPremium(deps: SubscriptionDeps, admin: Actor, patientId: string, until: string): Promise<PremiumGrant> {
  const account = await findAccountById(deps.database.db, patientId);
  if (!account || resolveUserType(account, deps.adminEmails) !== 'patient') throw new AppError('not_found');
  const end = new Date(endOfLocalDate(until, await repo.timeZoneOf(deps.database.db, patientId)));
  if (end.getTime() <= deps.clock.now().getTime()) throw untilRefused('until_in_past');
  const adminEmail = (await findAccountById(deps.database.db, admin.userId))?.email ?? 'unknown';
  await deps.database.db.transaction(async (tx) => {
    await grantPremiumUntil(deps, patientId, end, tx);
    await recordAdminAction(
      deps,
      { actor: { userId: admin.userId, email: adminEmail }, action: 'subscription.grant_premium', target: { userId: patientId, email: account.email }, detail: `premium until ${until}` },
      tx,
    );
  });
  return { userId: patientId, plan: 'premium', currentPeriodEnd: end.toISOString() };
}

/**
 * The patient's subscription for "Télécharger mes données": the plan as stored (none: the free
 * plan, never paid) and the day of each PDF report counted for the free plan's quota.
 */
export async function subscriptionArchive(deps: { database: Database }, actor: Actor) {
  return deps.database.asActor(actor, async (tx) => {
    const row = await repo.findSubscription(tx, actor.userId);
    return {
      subscription: row
        ? {
            plan: row.plan,
            status: row.status,
            billingInterval: row.billingInterval,
            currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd,
            source: row.source,
            since: row.createdAt.toISOString(),
          }
        : null,
      pdfReportDownloads: (await repo.listPdfDownloads(tx, actor.userId)).map((at) => at.toISOString()),
    };
  });
}

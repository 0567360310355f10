import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import { checkoutPage, invoicePage, parseForm } from './stripe-standin-pages';

/*
 * A local stand-in for Stripe, for the server tests, the Playwright journey and the demo: an HTTP
 * server that answers the part of Stripe's REST API the app calls through the official SDK
 * (form-encoded bodies, `Authorization: Bearer <secret key>`, JSON objects with their `object`
 * field, list objects), with a hosted checkout page whose "Payer" button creates the
 * subscription and its paid invoice, sends the signed webhooks (the SDK's
 * generateTestHeaderString with the webhook secret) to the app, then sends the browser back to
 * the session's success_url. Test hooks (`/_standin/…`) list the events and send any of them
 * again, in any order.
 *
 * API subset: POST/GET /v1/customers[/:id]; GET /v1/prices (lookup_keys[], active);
 * POST/GET /v1/checkout/sessions[/:id]; GET/POST/DELETE /v1/subscriptions/:id
 * (cancel_at_period_end); GET /v1/invoices (customer, limit).
 *
 * From a shell (the demo): node --import tsx apps/server/src/test/stripe-standin.ts, with
 * STANDIN_PORT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STANDIN_WEBHOOK_URL (the app's
 * /api/subscription/webhook); then start the app with STRIPE_API_BASE=http://127.0.0.1:<port>.
 */

type Json = Record<string, unknown>;

export interface StandinEvent {
  id: string;
  type: string;
  created: number;
  /** HTTP statuses the app answered, one per delivery. */
  deliveries: number[];
  payload: Json;
}

export interface StripeStandin {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Where events are sent (the app's webhook URL); settable once the app listens. */
  webhookUrl: string | null;
  /** Made events wait for `deliver` instead of going out at once (to send them out of order). */
  holdEvents: boolean;
  events: StandinEvent[];
  subscriptions: Map<string, Json>;
  /** The stand-in's clock, epoch ms (events' `created`, periods); signatures use the real time. */
  now: () => number;
  /** What the checkout page's "Payer" does; answers where the browser is sent. */
  pay(sessionId: string): Promise<string>;
  /** Sends an event (again); answers the app's HTTP status. */
  deliver(eventId: string): Promise<number>;
  /** Updates a subscription as the API would (and makes its event). */
  updateSubscription(id: string, changes: { cancel_at_period_end?: boolean; status?: string }): Promise<Json>;
  /**
   * The subscription's period ends and Stripe bills the next one; the period moves on either way.
   * Paid: invoice.paid; refused: the invoice stays open, the subscription is past_due while Stripe
   * retries (invoice.payment_failed). Then customer.subscription.updated.
   */
  renew(id: string, outcome: 'paid' | 'failed'): Promise<void>;
  /** The prices by id (a test may change an amount). */
  prices: Map<string, Json>;
  close(): Promise<void>;
}

export interface StandinOptions {
  port?: number;
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  now?: () => number;
  /** Price amounts in cents for the app's lookup keys (default: the app's 499 and 4990). */
  prices?: { monthly?: number; yearly?: number };
}

const DAY = 86_400;
const seconds = (ms: number) => Math.floor(ms / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

class StandinError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startStripeStandin(options: StandinOptions): Promise<StripeStandin> {
  const now = options.now ?? Date.now;
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const sessions = new Map<string, Json & { _price: string; _subscriptionMetadata: Json }>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  const events: StandinEvent[] = [];
  let invoiceNumber = 0;
  let base = '';

  for (const [key, interval, amount] of [
    ['glucosuivi_premium_monthly', 'month', options.prices?.monthly ?? 499],
    ['glucosuivi_premium_yearly', 'year', options.prices?.yearly ?? 4990],
  ] as const) {
    const id = newId('price');
    prices.set(id, { id, object: 'price', active: true, currency: 'eur', unit_amount: amount, lookup_key: key, type: 'recurring', recurring: { interval, interval_count: 1 }, product: 'prod_glucosuivi_premium', livemode: false, metadata: {}, created: seconds(now()) });
  }

  const standin: StripeStandin = {
    url: '',
    webhookUrl: options.webhookUrl ?? null,
    holdEvents: false,
    events,
    subscriptions,
    now,
    pay,
    deliver,
    updateSubscription,
    renew,
    prices,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function emit(type: string, object: Json, previous?: Json): Promise<void> {
    const event: StandinEvent = {
      id: newId('evt'),
      type,
      created: seconds(now()),
      deliveries: [],
      payload: {},
    };
    event.payload = { id: event.id, object: 'event', api_version: Stripe.API_VERSION, created: event.created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) } };
    events.push(event);
    if (!standin.holdEvents) await deliver(event.id);
  }

  async function deliver(eventId: string): Promise<number> {
    const event = events.find((e) => e.id === eventId);
    if (!event) throw new StandinError(404, 'resource_missing', `No such event: ${eventId}`);
    if (!standin.webhookUrl) throw new Error('stripe stand-in: no webhook URL');
    const payload = JSON.stringify(event.payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    const status = await post(standin.webhookUrl, payload, { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' });
    event.deliveries.push(status);
    return status;
  }

  function subscriptionItem(subscriptionId: string, price: Json, start: number): Json {
    const interval = (price.recurring as { interval: string }).interval;
    const date = new Date(start * 1000);
    if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return { id: newId('si'), object: 'subscription_item', subscription: subscriptionId, price, quantity: 1, created: start, current_period_start: start, current_period_end: seconds(date.getTime()), metadata: {}, discounts: [], tax_rates: [] };
  }

  async function pay(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session) throw new StandinError(404, 'resource_missing', `No such checkout.session: ${sessionId}`);
    if (session.status !== 'open') return String(session.success_url);
    const price = prices.get(session._price)!;
    const start = seconds(now());
    const subscriptionId = newId('sub');
    const item = subscriptionItem(subscriptionId, price, start);
    const invoiceId = newId('in');
    const subscription: Json = { id: subscriptionId, object: 'subscription', customer: session.customer, status: 'active', cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null, created: start, start_date: start, metadata: session._subscriptionMetadata, items: list([item], `/v1/subscription_items?subscription=${subscriptionId}`), latest_invoice: invoiceId, livemode: false };
    subscriptions.set(subscriptionId, subscription);
    const invoice = makeInvoice(invoiceId, subscription, price.unit_amount as number, 'paid');
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId, invoice: invoiceId });
    await emit('customer.subscription.created', subscription);
    await emit('invoice.paid', invoice);
    await emit('checkout.session.completed', publicSession(session));
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  function makeInvoice(id: string, subscription: Json, amount: number, status: 'paid' | 'open'): Json {
    invoiceNumber += 1;
    const at = seconds(now());
    const invoice: Json = { id, object: 'invoice', customer: subscription.customer, number: `GS-STANDIN-${String(invoiceNumber).padStart(4, '0')}`, status, currency: 'eur', total: amount, subtotal: amount, amount_due: amount, amount_paid: status === 'paid' ? amount : 0, amount_remaining: status === 'paid' ? 0 : amount, attempt_count: 1, created: at, period_start: at, period_end: at, hosted_invoice_url: `${base}/invoices/${id}`, invoice_pdf: `${base}/invoices/${id}/pdf`, parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: subscription.metadata } }, livemode: false };
    invoices.set(id, invoice);
    return invoice;
  }

  async function renew(id: string, outcome: 'paid' | 'failed'): Promise<void> {
    const subscription = found(subscriptions.get(id), 'subscription', id);
    const items = subscription.items as { data: Json[] };
    const item = items.data[0]!;
    const invoice = makeInvoice(newId('in'), subscription, (item.price as Json).unit_amount as number, outcome === 'paid' ? 'paid' : 'open');
    subscription.latest_invoice = invoice.id;
    const previous: Json = { status: subscription.status, items: structuredClone(subscription.items) };
    // As Stripe does: the period moves on when the invoice is made, paid or not.
    items.data[0] = { ...subscriptionItem(id, item.price as Json, item.current_period_end as number), id: item.id };
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    await emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    await emit('customer.subscription.updated', subscription, previous);
  }

  async function updateSubscription(id: string, changes: { cancel_at_period_end?: boolean; status?: string }): Promise<Json> {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new StandinError(404, 'resource_missing', `No such subscription: '${id}'`);
    const previous: Json = {};
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || subscription[key] === value) continue;
      previous[key] = subscription[key];
      subscription[key] = value;
    }
    if ('cancel_at_period_end' in previous) subscription.canceled_at = changes.cancel_at_period_end ? seconds(now()) : null;
    if (changes.status === 'canceled') subscription.ended_at = seconds(now());
    await emit(changes.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription, previous);
    return subscription;
  }

  function publicSession(session: Json): Json {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));
  }

  function found<T>(value: T | undefined, what: string, id: string): T {
    if (value === undefined) throw new StandinError(404, 'resource_missing', `No such ${what}: '${id}'`);
    return value;
  }

  /** One Stripe API call; `params` is the form body (POST) or the query (GET, DELETE). */
  async function api(method: string, path: string[], params: Json, idempotencyKey: string | undefined): Promise<Json> {
    const [resource, id, ...rest] = path;
    const key = idempotencyKey ? `${method} ${path.join('/')} ${idempotencyKey}` : null;
    if (key && idempotent.has(key)) return idempotent.get(key)!;
    const answer = await route(method, resource ?? '', id, rest, params);
    if (key) idempotent.set(key, answer);
    return answer;
  }

  async function route(method: string, resource: string, id: string | undefined, rest: string[], params: Json): Promise<Json> {
    const at = seconds(now());
    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = { id: newId('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, created: at, livemode: false };
      customers.set(customer.id, customer);
      return customer;
    }
    if (resource === 'customers' && method === 'GET' && id) return found(customers.get(id), 'customer', id);
    if (resource === 'prices' && method === 'GET' && !id) {
      const keys = Object.values((params.lookup_keys as Json | undefined) ?? {});
      const data = [...prices.values()].filter((p) => (keys.length === 0 || keys.includes(p.lookup_key)) && (params.active === undefined || String(p.active) === params.active));
      return list(data.slice(0, Number(params.limit ?? 10)), '/v1/prices');
    }
    if (resource === 'checkout' && id === 'sessions') return checkoutSessions(method, rest[0], params, at);
    if (resource === 'subscriptions' && id) {
      const subscription = found(subscriptions.get(id), 'subscription', id);
      if (method === 'GET') return subscription;
      if (method === 'DELETE') return updateSubscription(id, { status: 'canceled' });
      if (method === 'POST') return updateSubscription(id, { cancel_at_period_end: params.cancel_at_period_end === undefined ? undefined : params.cancel_at_period_end === 'true' });
    }
    if (resource === 'invoices' && method === 'GET' && !id) {
      const data = [...invoices.values()].filter((i) => !params.customer || i.customer === params.customer).sort((a, b) => (b.created as number) - (a.created as number));
      return list(data.slice(0, Number(params.limit ?? 10)), '/v1/invoices');
    }
    throw new StandinError(404, 'resource_missing', `Unrecognized request URL (${method}: /v1/${[resource, id, ...rest].filter(Boolean).join('/')})`);
  }

  function checkoutSessions(method: string, id: string | undefined, params: Json, at: number): Json {
    if (method === 'GET' && id) return publicSession(found(sessions.get(id), 'checkout.session', id));
    if (method !== 'POST' || id) throw new StandinError(404, 'resource_missing', 'Unrecognized checkout request');
    const line = ((params.line_items as Json | undefined)?.['0'] ?? {}) as Json;
    const price = found(prices.get(String(line.price)), 'price', String(line.price));
    if (params.mode !== 'subscription') throw new StandinError(400, 'parameter_invalid', 'The stand-in only sells subscriptions');
    if (!params.success_url || !params.customer) throw new StandinError(400, 'parameter_missing', 'Missing required param: success_url or customer');
    const sessionId = newId('cs_test');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      customer: params.customer,
      client_reference_id: params.client_reference_id ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      invoice: null,
      created: at,
      expires_at: at + DAY,
      url: `${base}/checkout/${sessionId}`,
      livemode: false,
      _price: price.id as string,
      _subscriptionMetadata: ((params.subscription_data as Json | undefined)?.metadata ?? {}) as Json,
    };
    sessions.set(sessionId, session);
    return publicSession(session);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    const body = await readBody(req);
    const path = url.pathname.split('/').filter(Boolean);
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'request-id': newId('req') });
      res.end(typeof value === 'string' ? value : JSON.stringify(value));
    };
    try {
      if (path[0] === 'v1') {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) throw new StandinError(401, 'api_key_invalid', 'Invalid API Key provided');
        const params = parseForm(req.method === 'POST' ? body : url.search.slice(1));
        const key = req.headers['idempotency-key'];
        return send(200, await api(req.method ?? 'GET', path.slice(1), params, typeof key === 'string' ? key : undefined));
      }
      if (path[0] === 'checkout' && path[1]) {
        const session = found(sessions.get(path[1]), 'checkout.session', path[1]);
        if (req.method === 'POST' && path[2] === 'pay') {
          res.writeHead(303, { location: await pay(path[1]) });
          return void res.end();
        }
        const price = prices.get(session._price)!;
        return send(200, checkoutPage(session, price), 'text/html; charset=utf-8');
      }
      if (path[0] === 'invoices' && path[1]) {
        const invoice = found(invoices.get(path[1]), 'invoice', path[1]);
        if (path[2] === 'pdf') return send(200, '%PDF-1.4\n% stand-in invoice\n', 'application/pdf');
        return send(200, invoicePage(invoice), 'text/html; charset=utf-8');
      }
      if (path[0] === '_standin' && path[1] === 'events') {
        if (req.method === 'POST' && path[2] && path[3] === 'deliver') return send(200, { status: await deliver(path[2]) });
        return send(200, events.map(({ id, type, created, deliveries }) => ({ id, type, created, deliveries })));
      }
      throw new StandinError(404, 'resource_missing', 'Not found');
    } catch (error) {
      if (error instanceof StandinError) return send(error.status, { error: { type: 'invalid_request_error', code: error.code, message: error.message } });
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standin.url = base;
  return standin;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A POST with node:http, as a server sends it (no Origin, no cookie, no Sec-Fetch-* header). */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Run from a shell: the demo's and the Playwright journey's stand-in.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standin = await startStripeStandin({
    port: Number(process.env.STANDIN_PORT ?? 12111),
    secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_standin',
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_standin',
    webhookUrl: process.env.STANDIN_WEBHOOK_URL,
  });
  console.log(`stripe stand-in on ${standin.url}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void standin.close().then(() => process.exit(0)));
}

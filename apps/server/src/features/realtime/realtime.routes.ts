import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME_PATH, realtimeClientMessageSchema, SESSION_ENDED_CLOSE_CODE } from '@glucosuivi/domain/realtime/realtime.schemas';
import type { Actor } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RealtimeConnection, RealtimeHub } from './realtime.hub';
import { loadFollowedPatients, type RealtimeDeps } from './realtime.service';

export interface RealtimeRouteDeps extends RealtimeDeps {
  hub: RealtimeHub;
  /** The origins whose pages may open the socket (a WebSocket handshake is a GET: the general Origin check lets it through). */
  allowedOrigins: ReadonlySet<string>;
  heartbeatMs: number;
  /** Who the handshake's cookies sign in now, asked again every `everyMs` for every open socket. */
  sessionCheck: { everyMs: number; resolve: (request: FastifyRequest) => Promise<Actor | null> };
}

/** Policy violation: the client sent what the protocol does not allow. */
const POLICY_VIOLATION = 1008;
const UNANSWERED_ROUNDS_BEFORE_DROP = 2;

/**
 * The realtime channel: one WebSocket per signed-in tab, authenticated by the session cookie,
 * opened only from the app's own origin. The server sends a heartbeat (and a WebSocket ping) every
 * `heartbeatMs` and drops a connection that left two rounds in a row unanswered: one round is not
 * enough, because a process starved of CPU can run this timer before it reads a pong already received.
 */
export function realtimeRoutes(app: FastifyInstance, deps: RealtimeRouteDeps) {
  const unanswered = new Map<WebSocket, number>();
  const beat = setInterval(() => {
    for (const [socket, rounds] of unanswered) {
      if (rounds >= UNANSWERED_ROUNDS_BEFORE_DROP) {
        socket.terminate();
        continue;
      }
      unanswered.set(socket, rounds + 1);
      socket.send('{"type":"heartbeat"}');
      socket.ping();
    }
  }, deps.heartbeatMs);
  beat.unref();
  // A session that ended is closed at once by its `session.ended` event (hub); this slower round
  // catches what no event announces: a session that expired, or an event lost with the LISTEN link.
  const handshakes = new Map<WebSocket, { request: FastifyRequest; userId: string }>();
  const recheck = setInterval(() => {
    for (const [socket, { request, userId }] of handshakes) {
      deps.sessionCheck.resolve(request).then(
        (actor) => {
          if (actor?.userId !== userId) socket.close(SESSION_ENDED_CLOSE_CODE);
        },
        // A failed lookup (database busy) is not a signed-out user: asked again next round.
        () => undefined,
      );
    }
  }, deps.sessionCheck.everyMs);
  recheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(beat);
    clearInterval(recheck);
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!request.actor) throw new AppError('unauthenticated');
        const origin = request.headers.origin;
        if (!origin || !deps.allowedOrigins.has(origin)) throw new AppError('cross_site_request');
      },
    },
    (socket, request) => {
      const actor = request.actor!;
      const connection: RealtimeConnection = {
        userId: actor.userId,
        sessionId: actor.sessionId ?? null,
        role: actor.role,
        socket,
        links: new Map(),
        watchesAll: false,
        watched: new Set(),
      };
      unanswered.set(socket, 0);
      handshakes.set(socket, { request, userId: actor.userId });
      deps.hub.open(connection);
      let closed = false;
      // Messages wait for the links; listeners are attached now so that none is dropped meanwhile.
      let queue: Promise<void> = loadFollowedPatients(deps, actor).then(
        (links) => {
          if (closed) return;
          connection.links = links;
          deps.hub.add(connection);
        },
        () => socket.close(1011),
      );
      socket.on('pong', () => unanswered.set(socket, 0));
      socket.on('message', (data, isBinary) => {
        queue = queue.then(() => {
          if (closed) return;
          const parsed = isBinary ? null : parseMessage(data.toString());
          if (!parsed) return socket.close(POLICY_VIOLATION);
          unanswered.set(socket, 0);
          if (parsed.type === 'subscribe') deps.hub.subscribe(connection, parsed.topic);
          else if (parsed.type === 'unsubscribe') deps.hub.unsubscribe(connection, parsed.topic);
        });
      });
      socket.on('close', () => {
        closed = true;
        unanswered.delete(socket);
        handshakes.delete(socket);
        deps.hub.remove(connection);
      });
    },
  );
}

function parseMessage(text: string) {
  try {
    const result = realtimeClientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

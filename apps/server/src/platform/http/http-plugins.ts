import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Security headers (CSP, HSTS), on-the-fly compression and the OpenAPI document. */
export async function registerHttpPlugins(app: FastifyInstance, deps: { secure?: boolean | undefined; version: string }): Promise<void> {
  // The realtime channel: a client only subscribes and answers heartbeats, a few bytes each.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries set inline styles; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // 'self' also covers this origin's ws:/wss: (the realtime channel) in every browser the
        // build targets (CSP 3; Safari since 16, Chromium and Firefox long before).
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(deps.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: deps.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  // Answers of routes (API series and lists, the pages rendered for their reader) are compressed
  // on the fly; static assets are precompressed at build time and skipped here. Only routes:
  // the plugin hooks each route as it is added, never the not-found handler (web-pages.ts).
  // Brotli at quality 4: ~1 ms for the 60 KB rendered dashboard (bench/README.md).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'GlucoSuivi API',
        version: deps.version,
        description: 'API de GlucoSuivi. Every endpoint is declared once in packages/domain/<feature>/<feature>.contract.ts.',
      },
    },
    transform: jsonSchemaTransform,
  });
}

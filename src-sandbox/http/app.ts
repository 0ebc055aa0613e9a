import Fastify, { type FastifyInstance } from 'fastify';
import { registerAdminRoutes } from '../routes/admin';
import { registerDocumentRoutes } from '../routes/documents';
import { registerFormRoutes } from '../routes/forms';
import { registerHealthRoute } from '../routes/health';
import { registerNoteRoutes } from '../routes/notes';
import { registerProcessRoutes } from '../routes/processes';
import { registerStepRoutes } from '../routes/steps';
import { registerTokenRoute } from '../routes/token';
import { installVendorDialect, rewriteVendorUrl, type Dialect } from '../dialects/vendor-dialect';
import { vendorKeyHeaders } from '../dialects/vendor-routes';
import { authenticateKey, defaultKeyScheme } from './auth';
import { clientErrorHandler, frameworkErrors, installErrorHandling, sendApiError } from './errors';
import { installHostCheck, type HostAllowList } from './host-check';
import { installJsonBodyParser } from './json-body';
import { registerOpenApi } from './openapi';
import type { RouteDeps } from './route-deps';
import { addSharedSchemas } from './schemas';
import { schemaErrorFormatter } from './validation-messages';
import { ApiError } from '../domain/api-error';

/** The API's body limit (1 MiB); larger bodies are refused with 413. */
export const bodyLimit = 1024 * 1024;

/** A built app and the switch that makes it refuse new requests while it drains. */
export interface SandboxApp {
  app: FastifyInstance;
  startDraining(): void;
}

/**
 * Builds the Fastify app: error shape, schemas, OpenAPI and Swagger UI, then the routes. Every
 * route under /open-api except the token endpoint requires an API key by any of the three schemes.
 * The `vendor` dialect puts its thin layer (dialects/vendor-dialect.ts) over the same routes.
 */
export async function buildApp(
  deps: RouteDeps,
  hosts: HostAllowList,
  log: (line: string) => void,
  dialect: Dialect = 'default',
): Promise<SandboxApp> {
  const vendor = dialect === 'vendor';
  const scheme = vendor ? { ...vendorKeyHeaders, authorization: false } : defaultKeyScheme;
  const app = Fastify({
    ...(vendor ? { rewriteUrl: rewriteVendorUrl } : {}),
    logger: false,
    bodyLimit,
    // Fastify's own 503 while closing has another body shape; draining is handled below.
    return503OnClosing: false,
    routerOptions: { maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: true } },
    schemaErrorFormatter,
    frameworkErrors,
    clientErrorHandler,
  });
  let draining = false;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('staffUser', '');
  // The Host check first: a misdirected request learns nothing, not even which methods exist.
  installHostCheck(app, hosts);
  installErrorHandling(app, log);
  // Callback-style hooks: they run on every request, and a sync hook costs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    sendApiError(
      reply,
      new ApiError(503, 'shutting_down', 'The service is shutting down; retry in a moment.'),
    );
  });
  // While draining, every answer closes its connection: a keep-alive socket that becomes idle
  // after close() began would otherwise hold the server open until its keep-alive timeout.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Only JSON reaches the API; text/plain and the rest are 415 (forms are parsed only at the token route).
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  addSharedSchemas(app);
  if (vendor) await installVendorDialect(app);
  else await registerOpenApi(app);
  registerHealthRoute(app);
  await registerTokenRoute(app, deps);
  registerFormRoutes(app, deps);
  registerAdminRoutes(app, deps);
  await app.register(async (api) => {
    api.addHook('onRequest', (request, _reply, done) => {
      let outcome: ReturnType<typeof authenticateKey>;
      try {
        outcome = authenticateKey(request, deps.keys, scheme);
      } catch (error) {
        return done(error as Error);
      }
      if (!(outcome instanceof Promise)) {
        request.apiKey = outcome;
        return done();
      }
      outcome.then((identity) => {
        request.apiKey = identity;
        done();
      }, done);
    });
    registerProcessRoutes(api, deps);
    registerStepRoutes(api, deps);
    registerNoteRoutes(api, deps);
    registerDocumentRoutes(api, deps);
  });
  await app.ready();
  return { app, startDraining: () => (draining = true) };
}

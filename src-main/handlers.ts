import { calls, type CallName, type CallOutput, type ValidInput } from '../src-shared/contract';
import { describeIssues } from '../src-shared/input-errors';
import { fail, ok, type Result } from '../src-shared/result';
import type { Core } from './core/create-core';
import { Failure } from './core/failure';
import { getDocument, saveDocumentAs } from './core/document-calls';
import { submitTestForm } from './core/forms-submit';
import { configureInbox, parsePastedJson } from './core/inbox-calls';
import { deleteProfile, listProfiles, profileView, remember, saveProfile } from './core/profile-views';

export type { Core } from './core/create-core';

type Handler<N extends CallName> = (
  core: Core,
  input: ValidInput<N>,
) => Promise<CallOutput<N>> | CallOutput<N>;

/** THE handler table: bridge call name -> core function. Both shells serve exactly this. */
export const handlers: { [N in CallName]: Handler<N> } = {
  'app.info': (core) => ({
    name: 'Process Console',
    version: core.version,
    shell: core.shell,
    dataDir: core.config.dataDir,
    platform: process.platform,
  }),

  'profiles.list': (core) => listProfiles(core),
  'profiles.save': (core, input) => saveProfile(core, input),
  'profiles.delete': (core, { profileId }) => deleteProfile(core, profileId),
  'profiles.setCredentials': async (core, { profileId, apiKey, apiSecret, sessionOnly }) => {
    const profile = core.profiles.get(profileId);
    if (sessionOnly) core.vault.enableSessionOnly();
    await core.vault.set(profileId, { apiKey, apiSecret }, { sessionOnly });
    return profileView(core, profile);
  },
  'profiles.clearCredentials': async (core, { profileId }) => {
    const profile = core.profiles.get(profileId);
    await core.vault.clear(profileId);
    return profileView(core, profile);
  },
  'profiles.test': async (core, { profileId }) => {
    const { latencyMs } = await core.client.testConnection(profileId);
    return {
      latencyMs,
      message: `Connected to ${core.profiles.get(profileId).baseUrl} and the key was accepted`,
    };
  },

  'processes.get': async (core, { profileId, processId }) =>
    remember(core, profileId, await core.client.getProcess(profileId, processId)),
  'processes.getByReference': async (core, { profileId, externalReference }) =>
    remember(core, profileId, await core.client.getProcessByReference(profileId, externalReference)),
  'processes.start': async (core, { profileId, ...input }) =>
    remember(core, profileId, await core.client.startProcess(profileId, input)),
  'steps.list': (core, { profileId, processId, externalReference }) =>
    core.client.listSteps(
      profileId,
      processId !== undefined ? { processId } : { externalReference: externalReference! },
    ),
  'steps.current': (core, { profileId, processId }) => core.client.currentStep(profileId, processId),
  'steps.complete': (core, { profileId, ...input }) => core.client.completeStep(profileId, input),
  'notes.add': (core, { profileId, ...input }) => core.client.addNote(profileId, input),
  'documents.get': (core, { profileId, documentId, href }) => getDocument(core, profileId, documentId, href),
  'documents.save': (core, { profileId, documentId }) => saveDocumentAs(core, profileId, documentId),

  'history.list': (core, { profileId }) => core.history.list(core.profiles.get(profileId).id),
  'history.pin': (core, { profileId, processId, pinned, externalReference, processTypeName }) =>
    core.history.pin(
      core.profiles.get(profileId).id,
      processId,
      pinned,
      pinned
        ? {
            processId,
            externalReference: externalReference ?? null,
            processTypeName: processTypeName ?? null,
            status: null,
          }
        : undefined,
    ),

  'audit.list': (core, filter) => core.audit.list(filter),
  'audit.export': async (core, { format, profileId, processId }) => {
    // Main picks the place (the native dialog, or Downloads): the renderer never names a path.
    const target = await core.chooseSavePath(`process-console-audit.${format}`);
    if (!target) throw new Failure('cancelled', 'Export cancelled.');
    return core.audit.exportTo(target, format, { profileId, processId });
  },
  'requests.list': (core, filter) => core.requests.list(filter),

  'sandbox.status': (core) => core.embedded.status(),

  'inbox.settings': (core, { profileId }) => core.inbox.settings(core.profiles.get(profileId).id),
  'inbox.configure': (core, { profileId, sharedHeader, ...patch }) =>
    configureInbox(core, profileId, patch, sharedHeader),
  'inbox.list': (core, filter) => core.inbox.list(filter),
  'inbox.get': (core, { deliveryId }) => core.inbox.get(deliveryId),
  'inbox.setStatus': (core, { deliveryId, status }) => core.inbox.setStatus(deliveryId, status),
  'inbox.parsePayload': (core, { json }) => core.inbox.parsePayload(parsePastedJson(json)),
  'walk.get': (core, { deliveryId }) => core.inbox.getProgress(deliveryId),
  'walk.save': (core, { deliveryId, progress }) => core.inbox.saveProgress(deliveryId, progress),
  'forms.submit': (core, { profileId, ...submission }) =>
    submitTestForm(core.profiles.get(profileId), submission),
};

/** Reports a bug (an exception that is not a {@link Failure}) without leaking it to the renderer. */
export type BugReporter = (call: string, error: unknown) => void;

const reportToStderr: BugReporter = (call, error) => {
  console.error(`[process-console] bug in ${call}:`, error instanceof Error ? error.stack : error);
};

/**
 * The one door into main: validates the input with the call's schema, runs the handler, and turns
 * every outcome into a plain Result. Unknown names and bad input never reach a handler.
 */
export async function dispatch(
  core: Core,
  name: string,
  rawInput: unknown,
  reportBug: BugReporter = reportToStderr,
): Promise<Result<unknown>> {
  if (!Object.hasOwn(calls, name)) return fail('unknown_call', `There is no call named "${name}".`);
  const callName = name as CallName;
  const parsed = calls[callName].input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    return fail('invalid_input', describeIssues(parsed.error.issues, rawInput));
  }
  try {
    const handler = handlers[callName] as Handler<CallName>;
    return ok(await handler(core, parsed.data as ValidInput<CallName>));
  } catch (error) {
    if (error instanceof Failure) return { ok: false, error: error.error };
    reportBug(callName, error);
    return fail('internal', 'Something went wrong inside the console; the details are in its log.');
  }
}

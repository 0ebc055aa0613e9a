import type { DomainHandlers } from './handler-types';

/** The console itself: what it is and its embedded reference service. */
export const appHandlers: DomainHandlers<'app' | 'sandbox'> = {
  'app.info': (core) => ({
    name: 'Process Console',
    version: core.version,
    shell: core.shell,
    dataDir: core.config.dataDir,
    platform: process.platform,
  }),
  'sandbox.status': (core) => core.embedded.status(),
};

import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { appId } from '../../../../src-main/desktop/app-id';

describe('the application id', () => {
  it("is the installers' appId, so Windows groups the window under the installed shortcut", () => {
    const config = createRequire(import.meta.url)('../../../../electron-builder.config.cjs') as {
      appId?: string;
    };
    expect(appId).toBe(config.appId);
  });
});

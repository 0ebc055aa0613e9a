import { describe, expect, it, vi } from 'vitest';
import { dispatch, type Core } from '../../../src-main/handlers';

const core: Core = { config: { dataDir: '/data/console' }, shell: 'web', version: '1.2.3' };

describe('the one door into main', () => {
  it('answers app.info with the shell, version and data folder', async () => {
    const result = await dispatch(core, 'app.info', {});
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Process Console',
        version: '1.2.3',
        shell: 'web',
        dataDir: '/data/console',
        platform: process.platform,
      },
    });
  });

  it('refuses a call the contract does not declare, including prototype names', async () => {
    for (const name of ['app.nothing', 'constructor', '__proto__', 'toString']) {
      const result = await dispatch(core, name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown_call' } });
    }
  });

  it('refuses input the call schema does not allow, saying which key', async () => {
    const result = await dispatch(core, 'app.info', { surprise: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toContain('surprise');
    }
  });

  it('turns a bug into a plain internal error and reports it, without its stack', async () => {
    const reported = vi.fn();
    const broken = {
      ...core,
      get config(): Core['config'] {
        throw new Error('secret-ish detail');
      },
    } as Core;
    const result = await dispatch(broken, 'app.info', {}, reported);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret-ish detail');
    expect(reported).toHaveBeenCalledOnce();
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appIndexUrl } from '../../../src-main/desktop/app-url';
import { contentSecurityPolicy } from '../../../src-main/csp';
import { desktopReadyLine } from '../../../src-main/desktop/ready-line';
import { callNames, eventNames } from '../../../src-shared/contract';
import { DesktopRun } from '../../support/desktop/desktop-run';
import { buildProductionTree, type ProductionTree } from '../../support/desktop/production-tree';

/**
 * The desktop build, proven without Electron: the built `out/main/electron.js` runs in Node 24
 * (Electron 45's) against a stand-in `electron` module, from a tree holding only the production
 * dependencies, as an installer ships them. What this cannot prove, and the desktop end-to-end
 * test (`npm run test:desktop`) must: Chromium itself (rendering, the sandbox, the CSP as
 * enforced, the real `ready-to-show`), app.asar, the fuses, and Wayland itself; the stand-in
 * behaves as Electron's documentation says, which is the assumption under every check here.
 */

/** What a stand-in request to the app:// handler answers. */
interface SchemeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const ownFrame = { origin: 'app://console', parent: null };
/** Packages only the reference service and core need: none may load before `ready`. */
const loadedAfterReady = [
  'fastify',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@apidevtools/swagger-parser',
  'yaml',
  'undici',
];

describe('the desktop build in a production-only tree', { timeout: 30_000 }, () => {
  let tree: ProductionTree;
  let home: string;
  let run: DesktopRun;

  beforeAll(() => {
    // The same freshness rule as `npm start`: build only when a source is newer than out/.
    const build = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "(await import('./scripts/build-if-stale.mjs')).buildIfStale()"],
      { stdio: 'inherit' },
    );
    expect(build.status, 'electron-vite build').toBe(0);
    tree = buildProductionTree(process.cwd());
    home = mkdtempSync(join(tmpdir(), 'process-console-desktop-smoke-'));
    run = new DesktopRun(tree.dir, ['--data', join(home, 'data')], {
      STAND_IN_HOME: home,
    });
  }, 120_000);

  afterAll(async () => {
    run?.kill();
    await run?.exited;
    rmSync(home, { recursive: true, force: true });
    rmSync(tree.dir, { recursive: true, force: true });
  });

  it('holds no dev package, and says which production package this checkout lacks', () => {
    const names = tree.packages.map((pkg) => pkg.slice(0, pkg.lastIndexOf('@')));
    expect(names).not.toContain('electron-vite');
    expect(names).not.toContain('vitest');
    // keytar is being replaced (issue 27's keychain item); the console runs without a keychain meanwhile.
    if (tree.missing.length) console.log(`Not installed here, so left out: ${tree.missing.join(', ')}`);
  });

  it('names the app, registers app:// with its privileges, moves Chromium apart and takes the lock before ready', async () => {
    await run.until('the wait for ready', () => run.names().includes('app.whenReady'));
    expect(run.names()).toEqual([
      'app.setName',
      'protocol.registerSchemesAsPrivileged',
      'app.getPath',
      'app.getPath',
      'app.setPath',
      'app.setPath',
      'app.requestSingleInstanceLock',
      'app.whenReady',
    ]);
    expect(run.calls[0]!.args).toEqual(['Process Console']);
    expect(run.calls[1]!.args).toEqual([
      [
        {
          scheme: 'app',
          privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        },
      ],
    ]);
    const chromiumDir = run.calls[4]!.args[1] as string;
    expect(run.calls.slice(4, 6).map((call) => call.args)).toEqual([
      ['userData', chromiumDir],
      ['sessionData', chromiumDir],
    ]);
    expect(chromiumDir.startsWith(join(home, 'appData', 'Process Console Chromium'))).toBe(true);
  });

  it('loads neither core nor the reference service before ready', () => {
    for (const stage of ['static', 'ready'] as const) {
      const packagesLoaded = (run.loaded[stage] ?? []).filter((file) => file.includes('/node_modules/'));
      for (const name of loadedAfterReady)
        expect(
          packagesLoaded.filter((file) => file.includes(`/node_modules/${name}/`)),
          `${name}, ${stage}`,
        ).toEqual([]);
    }
  });

  it('shows a window that never emits ready-to-show, and prints the ready line', async () => {
    run.send({ type: 'ready' });
    await run.until('the window shown', () => run.names().includes('BrowserWindow.show'));
    const afterReady = run.names().slice(run.names().indexOf('app.whenReady') + 1);
    expect(afterReady.slice(0, 2)).toEqual(['protocol.handle', 'session.setPermissionRequestHandler']);
    expect(run.calls.find((call) => call.name === 'BrowserWindow.loadURL')?.args).toEqual([appIndexUrl]);
    await run.until('the ready line', () => run.stdout.includes(desktopReadyLine));
  });

  it('serves the renderer from app://console with its types and CSP, and nothing else', async () => {
    const fetch = (url: string) => run.ask<SchemeAnswer>({ type: 'fetch', url });
    const index = await fetch('app://console/index.html');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['content-security-policy']).toBe(contentSecurityPolicy);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
    const script = readdirSync(join(tree.dir, 'out/renderer/assets')).find((file) => file.endsWith('.js'))!;
    const asset = await fetch(`app://console/assets/${script}`);
    expect([asset.status, asset.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(asset.headers['content-security-policy']).toBe(contentSecurityPolicy);
    for (const url of [
      'app://console/..%2f..%2fpackage.json',
      'app://console/assets%2f' + script,
      'app://console/..%5cpackage.json',
      'app://console/%2e%2e/%2e%2e/package.json',
      'app://console/../main/electron.js',
      'app://other/index.html',
      'app://console/missing.js',
    ])
      expect((await fetch(url)).status, url).toBe(404);
  });

  it('registers every contract call behind the sender check, and core answers', async () => {
    const registered = run.calls.filter((call) => call.name === 'ipcMain.handle').map((call) => call.args[0]);
    expect(registered).toEqual(callNames);
    const invoke = (frame: { origin: string; parent: null | object }) =>
      run.ask<{ ok: boolean; value?: { shell: string; dataDir: string }; error?: { code: string } }>({
        type: 'invoke',
        name: 'app.info',
        input: {},
        frame,
      });
    for (const frame of [
      { origin: 'https://example.org', parent: null },
      { origin: 'app://console', parent: {} },
    ])
      expect((await invoke(frame)).error?.code).toBe('forbidden');
    const info = await invoke(ownFrame);
    expect(info.ok).toBe(true);
    expect(info.value).toMatchObject({ shell: 'electron', dataDir: join(home, 'data') });
  });

  it('starts the document worker with the console', async () => {
    await run.until('the document worker', () => run.names().includes('worker online'));
  });

  it('starts the reference service once the window shows, from the production packages', async () => {
    const sandboxStates = () =>
      run.calls
        .filter((call) => call.name === 'webContents.send' && call.args[0] === 'event:sandbox.changed')
        .map((call) => (call.args[1] as { state: string; message: string | null }).state);
    const firstEvent = () => run.calls.findIndex((call) => call.args[0] === 'event:sandbox.changed');
    await run.until('the reference service starting', () => firstEvent() >= 0);
    const shown = run.names().indexOf('BrowserWindow.show');
    expect(shown).toBeGreaterThanOrEqual(0);
    expect(firstEvent()).toBeGreaterThan(shown);
    // Fastify and the Swagger packages load from the tree: a run-time package kept among the dev
    // dependencies would fail here.
    await run.until('the reference service running', () => sandboxStates().includes('running'), 40_000);
    expect(sandboxStates()).not.toContain('failed');
  }, 60_000);

  it('quits with exit code 0', async () => {
    run.send({ type: 'quit' });
    expect((await run.exited).code).toBe(0);
    expect(run.names()).toContain('app.exit');
    expect(run.stderr).not.toMatch(/bug in|Error:/);
  });
});

describe('a desktop start that fails', { timeout: 30_000 }, () => {
  let tree: ProductionTree;
  let home: string;

  beforeAll(() => {
    // The build is fresh: the suite above made it.
    tree = buildProductionTree(process.cwd());
    home = mkdtempSync(join(tmpdir(), 'process-console-desktop-failure-'));
  });

  afterAll(() => {
    rmSync(home, { recursive: true, force: true });
    rmSync(tree.dir, { recursive: true, force: true });
  });

  it('waits for ready to say a bad setting in a box (Linux shows none before), then exits 1', async () => {
    const run = new DesktopRun(tree.dir, ['--data'], { STAND_IN_HOME: home });
    await run.until('the sentence on stderr', () => run.stderr.includes('--data needs a folder'));
    expect(run.names()).not.toContain('dialog.showErrorBox');
    run.send({ type: 'ready' });
    expect((await run.exited).code).toBe(1);
    expect(run.calls.find((call) => call.name === 'dialog.showErrorBox')?.args).toEqual([
      'Process Console cannot start',
      '--data needs a folder after it: --data <folder>.',
    ]);
  });

  it('says in a box that the page could not load, then exits 1', async () => {
    // A hard link of the build: removing it here leaves out/ as it is.
    rmSync(join(tree.dir, 'out/renderer/index.html'));
    const run = new DesktopRun(tree.dir, ['--data', join(home, 'data')], { STAND_IN_HOME: home });
    await run.until('the wait for ready', () => run.names().includes('app.whenReady'));
    run.send({ type: 'ready' });
    expect((await run.exited).code).toBe(1);
    const box = run.calls.find((call) => call.name === 'dialog.showErrorBox');
    expect(box?.args).toEqual([
      'Process Console cannot start',
      `The console's window could not load its page ${appIndexUrl}: ERR_FILE_NOT_FOUND (-6).`,
    ]);
    expect(run.stderr).toContain(box?.args[1]);
  });
});

describe('the desktop preload', () => {
  it('exposes only `api` in a bare context, with one function per call and event, requiring only electron', () => {
    const source = readFileSync('out/preload/index.cjs', 'utf8');
    const exposed: Record<string, unknown> = {};
    const required: string[] = [];
    const invoked: unknown[] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: {
        invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve({ ok: true, value: null })),
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    // A sandboxed preload gets `require` for a few modules only; this one needs electron alone.
    const sandboxRequire = (name: string) => {
      required.push(name);
      if (name === 'electron') return electron;
      throw new Error(`a sandboxed preload cannot require ${name}`);
    };
    const context: Record<string, unknown> = {
      require: sandboxRequire,
      module: { exports: {} },
      exports: {},
    };
    runInNewContext(source, context, { filename: 'index.cjs' });
    expect(required).toEqual(['electron']);
    expect(Object.keys(exposed)).toEqual(['api']);
    const api = exposed.api as Record<string, Record<string, (input?: unknown) => unknown>>;
    const members = Object.entries(api).flatMap(([domain, group]) =>
      Object.keys(group).map((verb) => `${domain}.${verb}`),
    );
    const eventMembers = eventNames.map((name) => {
      const [domain, verb] = name.split('.') as [string, string];
      return `${domain}.on${verb[0]!.toUpperCase()}${verb.slice(1)}`;
    });
    expect(members.sort()).toEqual([...callNames, ...eventMembers].sort());
    void api.app!.info!();
    expect(invoked).toEqual([['app.info', {}]]);
  });
});

/**
 * The line the desktop shell prints on stdout once its window is ready to show. `npm start`
 * (scripts/start.mjs) waits for it to tell a failed start-up from a later exit; a unit test keeps
 * this copy and the script's (scripts/start-failure.ts) the same.
 */
export const desktopReadyLine = 'Process Console window ready';

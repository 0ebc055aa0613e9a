import { isAppOrigin } from './app-url';

/**
 * Which web permissions the desktop window grants: writing plain text to the clipboard (the Copy
 * buttons), for our own page in its top frame. Everything else (camera, notifications, reading the
 * clipboard, …) is denied, as Electron's security checklist asks (item 5).
 */

/** The permissions our page may use; Chromium asks for this one on `navigator.clipboard.writeText`. */
const grantable = new Set(['clipboard-sanitized-write']);

/** A permission request or check as both Electron handlers describe it. */
export interface PermissionQuestion {
  permission: string;
  /** The requesting frame's URL or origin (`details.requestingUrl` or `requestingOrigin`). */
  requestingUrl: string | null | undefined;
  isMainFrame: boolean;
}

/** True when the window may have the permission. */
export function allowPermission(question: PermissionQuestion): boolean {
  return grantable.has(question.permission) && question.isMainFrame && isAppOrigin(question.requestingUrl);
}

/** The sending frame as Electron's IPC event gives it (`event.senderFrame`). */
export interface SenderFrame {
  parent: unknown;
  origin: string;
}

/**
 * Only our own page, in its top frame, may call main. Compared by origin: a file:// URL check
 * broke for folders whose names hold `%`, `[` or `]`, and app:// has one fixed origin.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined): boolean {
  return frame != null && frame.parent === null && isAppOrigin(frame.origin);
}

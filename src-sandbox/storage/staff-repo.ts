import type { Db } from './db';
import { prepareColumn } from './sqlite';

/** A staff user of the admin area, with the permissions their groups hold. */
export interface StaffUser {
  userName: string;
  displayName: string;
  passwordHash: string;
  permissions: string[];
}

/** Staff users, groups and memberships. */
export type StaffRepo = ReturnType<typeof createStaffRepo>;

/** Prepares the statements for staff once per connection. */
export function createStaffRepo(db: Db) {
  const insertGroup = db.prepare('INSERT INTO staff_groups (name, permissions) VALUES (?, ?)');
  const insertUser = db.prepare(
    'INSERT INTO staff_users (user_name, display_name, password_hash) VALUES (?, ?, ?)',
  );
  const insertMembership = db.prepare('INSERT INTO staff_memberships (user_name, group_name) VALUES (?, ?)');
  const byName = db.prepare(`SELECT user_name AS userName, display_name AS displayName,
    password_hash AS passwordHash FROM staff_users WHERE user_name = ?`);
  const permissionsOf = prepareColumn<string>(
    db,
    `SELECT DISTINCT p.value FROM staff_memberships m
    JOIN staff_groups g ON g.name = m.group_name, json_each(g.permissions) p WHERE m.user_name = ?`,
  );
  const setPassword = db.prepare('UPDATE staff_users SET password_hash = ? WHERE user_name = ?');
  const names = prepareColumn<string>(db, 'SELECT user_name FROM staff_users ORDER BY user_name');

  return {
    addGroup(name: string, permissions: string[]): void {
      insertGroup.run(name, JSON.stringify(permissions));
    },
    addUser(userName: string, displayName: string, passwordHash: string, groups: string[]): void {
      insertUser.run(userName, displayName, passwordHash);
      for (const group of groups) insertMembership.run(userName, group);
    },
    find(userName: string): StaffUser | undefined {
      const row = byName.get(userName) as Omit<StaffUser, 'permissions'> | undefined;
      return row && { ...row, permissions: permissionsOf.all(userName) };
    },
    /** Replaces a user's password hash; false when there is no such user. */
    setPassword(userName: string, passwordHash: string): boolean {
      return setPassword.run(passwordHash, userName).changes === 1;
    },
    userNames(): string[] {
      return names.all();
    },
  };
}

/** The demo process types' ids, exactly as the issue and the console's tests name them. */
export const demoProcessTypeIds = {
  flyTipping: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f01',
  bulkyWaste: '6f1c2b1e-9a4d-4c1e-8f8e-2d6a1b0c0f02',
} as const;

/** A stable GUID for demo data (field ids, account ids), so every new data folder looks alike. */
export function demoGuid(group: number, n: number): string {
  return `d${group.toString(16).padStart(7, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export interface Missing {
  what: string;
  package: string;
}
export function missingForBrowserTests(machine: {
  browser: string;
  executable: (path: string) => boolean;
  fonts: string | null;
}): Missing[];
export function browserCheckMessage(missing: Missing[]): string | null;

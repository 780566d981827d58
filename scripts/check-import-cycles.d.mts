// Types of scripts/check-import-cycles.mjs for the test that runs it on fixtures.
export interface ImportCycle {
  level: 'files' | 'parts';
  members: string[];
  circle: string[];
  through?: string[];
}
export function findImportCycles(folders: string[], base?: string): ImportCycle[];
export function importedSpecifiers(fileName: string, text: string): string[];
export function partOf(srcFolder: string, file: string): string;

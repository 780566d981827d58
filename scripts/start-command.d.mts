// Types of scripts/start-command.mjs for the TypeScript that imports it (the bench).
export function startCommand(): { env: Record<string, string>; args: string[] };

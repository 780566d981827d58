// Types of deploy/local.mjs for the TypeScript that imports it (the fault test); the script itself is plain
// JavaScript so that `node deploy/local.mjs` runs without a build step.
export interface DeploymentOptions {
  /** Folder for logs, nginx's prefix, the instances' data and s3rver's files; removed by stop(). */
  dir?: string;
  proxyPort?: number;
  instancePorts?: number[];
  s3Port?: number;
  redisDb?: number;
  redisBase?: string;
  pgAdminUrl?: string;
  /** More environment for the instances (it overrides the caller's, and is overridden by the set's own). */
  env?: Record<string, string>;
  seedDemo?: boolean;
  /** Children in their own process groups, left running when this process exits (the CLI's start). */
  detached?: boolean;
  /** Start s3rver and point the instances at it (when it is installed). */
  s3?: boolean;
  healthTimeoutMs?: number;
}

export interface Deployment {
  /** nginx, http://127.0.0.1:PORT */
  url: string;
  dir: string;
  databaseUrl: string;
  redisUrl: string;
  s3: { endpoint: string; bucket: string } | null;
  admin: { email: string; password: string };
  instances: { index: number; port: number; url: string }[];
  logOf(index: number): string;
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance `index` (again); resolves with milliseconds from spawn to its first /api/health 200. */
  start(index: number, timeoutMs?: number): Promise<number>;
  drain(index: number, drained?: boolean): void;
  stop(): Promise<void>;
}

export function startDeployment(options?: DeploymentOptions): Promise<Deployment>;
export function stopFromState(options?: DeploymentOptions): Promise<boolean>;
export function stopPid(pid: number, graceMs?: number): Promise<void>;
export function nginxConfig(prefix: string, listen: string, ports: number[], down?: number[]): string;

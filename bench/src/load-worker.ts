// The load generator as its own process (issue #18): autocannon here never shares an event loop or a heap with the
// bench's orchestration, exactly as a user running autocannon from a shell measures the product. It reads one
// WorkerSpec as JSON on stdin (a line set can outgrow an argument) and prints autocannon's result as JSON on stdout.
import autocannon, { type RawRequest } from 'autocannon';

type Request = RawRequest & { setupRequest?: (req: RawRequest) => RawRequest };

export interface WorkerSpec {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Rotated per request (e.g. several customers' Authorization headers). */
  headerSets?: Array<Record<string, string>>;
  /** Rotated per request, after the header sets. */
  bodies?: string[];
  connections: number;
  seconds: number;
}

function requestOf(spec: WorkerSpec): Request {
  const base: RawRequest = {
    method: spec.method,
    path: spec.path,
    headers: spec.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  };
  const { headerSets, bodies } = spec;
  if (!headerSets?.length && !bodies?.length) return base;
  let nextHeaders = 0;
  let nextBody = 0;
  // autocannon rebuilds the request (Content-Length included) from what setupRequest answers.
  return {
    ...base,
    setupRequest: (req: RawRequest) => ({
      ...req,
      ...(headerSets?.length
        ? { headers: { ...req.headers, ...headerSets[(nextHeaders += 1) % headerSets.length] } }
        : {}),
      ...(bodies?.length ? { body: bodies[(nextBody += 1) % bodies.length] } : {}),
    }),
  };
}

let input = '';
for await (const chunk of process.stdin) input += String(chunk);
const spec = JSON.parse(input) as WorkerSpec;
autocannon(
  { url: spec.origin, connections: spec.connections, duration: spec.seconds, requests: [requestOf(spec)] },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(JSON.stringify(result));
  },
);

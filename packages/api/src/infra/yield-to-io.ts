// Long work on the event loop (a big CSV, the full product list) pauses here between slices, so requests that arrived
// meanwhile (and their I/O) are served before the next slice: setImmediate runs after the loop's I/O phase.
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

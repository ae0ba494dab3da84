/**
 * Runs `work` when woken, never twice at once: a wake-up during a run asks for one more run after it, so
 * a burst of wake-ups costs at most two runs and none is lost. `work` reports its own errors (they are
 * not retried here). The event announcer, the hub and the consumers are each one of these.
 */
export function coalesced(work: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      await work();
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  };
  return {
    wake,
    get running() {
      return running !== null;
    },
    get stopped() {
      return stopped;
    },
    /** Resolves once no run is going (tests wait on it). */
    async settle() {
      while (running) await running;
    },
    /** No run starts after this; resolves when the current one has finished. */
    async stop() {
      stopped = true;
      while (running) await running;
    },
  };
}

/**
 * Whether this tab's console event stream is connected. While it is, the inbox stops polling and refreshes
 * on events; when it drops, polling resumes until it is back (contract section 7).
 */
let connected = false;

export const isLive = () => connected;

export function setLive(next: boolean) {
  connected = next;
}

/** A poll interval that applies only while the stream is down. */
export const unlessLive = (ms: number) => () => (connected ? false : ms);

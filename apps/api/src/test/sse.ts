import http from 'node:http';

// A Server-Sent Events client for tests and the panel bench: a real HTTP connection, frames parsed as they arrive, and
// waits that resolve on a condition (a frame, the end of the stream), never on a timer.

export type SseFrame = { event: string; data: string };

export type SseStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The raw body when the answer is not a stream (an error's JSON). */
  body: Promise<string>;
  frames: SseFrame[];
  /** The first frame (already received or still to come) that matches. */
  next: (match: (f: SseFrame) => boolean) => Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Parses complete frames out of `buffer`; answers the frames and what is left over. Comments are skipped. */
export function parseFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const frames: SseFrame[] = [];
  const parts = buffer.split('\n\n');
  const rest = parts.pop() ?? '';
  for (const part of parts) {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

export function openSse(url: string, agent?: http.Agent): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      const frames: SseFrame[] = [];
      const waiters: Array<{ match: (f: SseFrame) => boolean; resolve: (f: SseFrame) => void }> = [];
      let buffer = '';
      let raw = '';
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      let bodyResolve!: (b: string) => void;
      const body = new Promise<string>((r) => (bodyResolve = r));
      res.on('data', (chunk: string) => {
        raw += chunk;
        const parsed = parseFrames(buffer + chunk);
        buffer = parsed.rest;
        for (const f of parsed.frames) {
          frames.push(f);
          for (const w of [...waiters]) {
            if (w.match(f)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(f);
            }
          }
        }
      });
      const done = () => {
        bodyResolve(raw);
        endedResolve();
      };
      res.on('end', done);
      res.on('close', done);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body,
        frames,
        next: (match) => {
          const found = frames.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((r) => waiters.push({ match, resolve: r }));
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/**
 * How many requests the server is answering right now: from the moment one arrives until its
 * answer has gone or its connection closed. Background work asks it so as not to take the thread
 * while buyers wait, also while their requests wait for the database, when the thread itself may
 * look idle.
 */
import type { Server } from 'node:http';

export function countRequestsInFlight(server: Server): () => number {
  let inFlight = 0;
  const done = () => {
    inFlight -= 1;
  };
  server.on('request', (_request, response) => {
    inFlight += 1;
    // 'close' comes once for every response: sent, or its connection gone
    response.once('close', done);
  });
  return () => inFlight;
}

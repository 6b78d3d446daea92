import express from 'express';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestsInFlight } from './requests-in-flight';

/** A GET over `agent`: its status, its Connection header and its body. */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Once the server is answering a request: its arrival is I/O, which a fixed sleep may not cover on a busy machine. */
async function untilBusy(requests: RequestsInFlight): Promise<void> {
  while (!requests.busy) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('RequestsInFlight.drain', () => {
  it('takes no new connection, ends keep-alive connections after their answer, and lets the answers in flight finish', async () => {
    const requests = new RequestsInFlight();
    const app = express();
    app.use(requests.track());
    let release!: () => void;
    const slowAnswer = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', (_request, response) => void slowAnswer.then(() => response.send('done')));
    app.get('/fast', (_request, response) => void response.send('ok'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = new Agent({ keepAlive: true });
    try {
      // A connection left idle, and one with an answer still being given.
      expect((await get(port, '/fast', idle)).connection).toBe('keep-alive');
      const slow = get(port, '/slow', keepAlive);
      await untilBusy(requests);

      const drained = requests.drain(server, 5_000);
      // No new connection is taken.
      await expect(get(port, '/fast', new Agent())).rejects.toThrow(/ECONNREFUSED/);
      release();
      // The answer in flight is whole, and it closes its connection.
      await expect(slow).resolves.toEqual({ status: 200, connection: 'close', body: 'done' });
      await drained;
      expect(requests.busy).toBe(false);
      expect(server.listening).toBe(false);
    } finally {
      keepAlive.destroy();
      idle.destroy();
      server.closeAllConnections();
    }
  });

  it('closes what is left once its time is up', async () => {
    const requests = new RequestsInFlight();
    const app = express();
    app.use(requests.track());
    app.get('/never', () => undefined);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    try {
      const hanging = get(port, '/never', agent);
      await untilBusy(requests);
      const started = Date.now();
      await requests.drain(server, 200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
    } finally {
      agent.destroy();
    }
  });
});

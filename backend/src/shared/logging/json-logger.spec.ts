import express from 'express';
import request from 'supertest';
import { correlateRequests, JsonLogger } from './json-logger';

describe('JsonLogger', () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    return { lines, destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
  };

  it('writes one JSON object per line with level, context, message and an error stack', () => {
    const { lines, destination } = capture();
    const logger = new JsonLogger('info', destination);
    logger.log('Shop running', 'Shop');
    logger.error('Could not send', 'Error: smtp down\n    at send', 'Notifications');
    logger.debug('not written at info');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', context: 'Shop', msg: 'Shop running', service: 'shop', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
      expect.objectContaining({ level: 'error', context: 'Notifications', msg: 'Could not send', stack: 'Error: smtp down\n    at send' }),
    ]);
  });

  it('puts the request’s correlation id on every line written while serving it, and answers it as X-Request-Id', async () => {
    const { lines, destination } = capture();
    const logger = new JsonLogger('debug', destination);
    const app = express();
    app.use(correlateRequests(logger));
    app.get('/thing/:id', async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.warn('stock low', 'Catalogue');
      response.send('ok');
    });
    const answer = await request(app).get('/thing/7').set('X-Request-Id', 'proxy-given-id-123').expect(200);
    expect(answer.headers['x-request-id']).toBe('proxy-given-id-123');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', context: 'Catalogue', msg: 'stock low', correlationId: 'proxy-given-id-123' }),
      expect.objectContaining({ level: 'debug', context: 'Http', msg: 'request answered', correlationId: 'proxy-given-id-123', method: 'GET', route: '/thing/:id', status: 200 }),
    ]);
    // A malformed id is replaced, never echoed.
    const made = await request(app).get('/thing/8').set('X-Request-Id', 'not an id; <script>').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

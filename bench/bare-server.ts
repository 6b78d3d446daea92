import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The ceiling for the product list: Node's own HTTP server answering the very bytes the
 * shop answered, with no routing, middleware or serialisation. Run as its own process,
 * like the shop, so both get the same share of the machine. Prints its port when listening.
 */
const body = readFileSync(process.argv[2]);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

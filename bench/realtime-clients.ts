// Load generator of bench/realtime-fanout.ts, run as its own process so that its sockets do not
// count in the server's memory. Reads one JSON line on stdin: { url, origin, clients: [{ actor,
// topic }] }; opens every connection, subscribes, prints {"ready":n}; then prints one JSON line per
// event received: { client, measurementId, at } (at = epoch ms with sub-ms precision, same clock
// as the server process on this machine). Exits on "stop" on stdin.
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

interface Plan {
  url: string;
  origin: string;
  clients: { actor: string; topic: string | null }[];
}

const now = () => performance.timeOrigin + performance.now();
const lines = createInterface({ input: process.stdin });
const sockets: WebSocket[] = [];
const out: string[] = [];
const flush = () => {
  if (out.length) process.stdout.write(out.splice(0).join(''));
};
setInterval(flush, 50).unref();

lines.on('line', (line) => {
  if (line === 'stop') {
    flush();
    sockets.forEach((s) => s.terminate());
    process.exit(0);
  }
  const plan = JSON.parse(line) as Plan;
  let ready = 0;
  plan.clients.forEach((client, index) => {
    const socket = new WebSocket(plan.url, { headers: { origin: plan.origin, 'x-test-actor': client.actor } });
    sockets.push(socket);
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; event?: { measurementId?: string | null } };
      if (message.type === 'hello') {
        if (client.topic) socket.send(JSON.stringify({ type: 'subscribe', topic: client.topic }));
        else if (++ready === plan.clients.length) process.stdout.write(`${JSON.stringify({ ready })}\n`);
      } else if (message.type === 'subscribed') {
        if (++ready === plan.clients.length) process.stdout.write(`${JSON.stringify({ ready })}\n`);
      } else if (message.type === 'heartbeat') {
        socket.send('{"type":"heartbeat"}');
      } else if (message.type === 'event') {
        out.push(`${JSON.stringify({ client: index, measurementId: message.event?.measurementId ?? null, at: now() })}\n`);
      }
    });
    socket.on('error', (error) => process.stderr.write(`socket ${index}: ${error.message}\n`));
  });
});

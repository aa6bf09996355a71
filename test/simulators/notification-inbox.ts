/**
 * A stand-in for the shop's webhook address in gateway tests: keeps every raw body and its headers,
 * answers 200 or what `answer` decides, and lets a test wait for the next delivery.
 */
import { closeServer, listenLoopback, sendJson } from './simulator-http';

export type Received = { body: string; headers: Record<string, string | string[] | undefined> };

export type NotificationInbox = {
  url: string;
  received: Received[];
  close: () => Promise<void>;
};

export async function startInbox(answer: (received: Received) => number = () => 200): Promise<NotificationInbox> {
  const received: Received[] = [];
  const { url, server } = await listenLoopback((req, body, res) => {
    const item = { body, headers: req.headers };
    received.push(item);
    const status = answer(item);
    sendJson(res, status, { success: status < 300 });
  });
  return { url: `${url}/api/webhooks/test`, received, close: () => closeServer(server) };
}

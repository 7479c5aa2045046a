/**
 * One rush buyer's keep-alive HTTP/1.1 connection, leaving from the buyer's own loopback address:
 * requests written as bytes on a socket and answers read by their Content-Length, the way
 * autocannon drives the other benches.
 *
 * The buyers share the machine's two cores with the server and PostgreSQL, so what they spend is
 * taken from what is measured. Through node's http client (an Agent per buyer) they spent 2.2 ms
 * of CPU per purchase on 29 November, a fifth of the whole; a real buyer's browser spends its
 * own machine's.
 */
import net from 'node:net';

export interface TAnswer {
  status: number;
  body: Record<string, unknown>;
}

interface TWaiting {
  resolve: (answer: TAnswer) => void;
  reject: (error: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export class BuyerConnection {
  private readonly socket: net.Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: TWaiting | undefined;

  constructor(port: number, address: string) {
    this.socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed before an answer')));
  }

  /** POSTs `body` as JSON and answers the status and the JSON answer; one request at a time. */
  post(path: string, body: unknown): Promise<TAnswer> {
    if (this.waiting) throw new Error('one request at a time');
    const payload = Buffer.from(JSON.stringify(body));
    const head =
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${payload.length}\r\n\r\n`;
    return new Promise<TAnswer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(Buffer.concat([Buffer.from(head), payload]));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length ? Buffer.concat([this.received, chunk]) : chunk;
    const headEnd = this.received.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.received.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const bodyStart = headEnd + HEAD_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.received.length < bodyEnd) return;
    const text = this.received.subarray(bodyStart, bodyEnd).toString('utf8');
    this.received = this.received.subarray(bodyEnd);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({
      status: Number(head.slice(9, 12)),
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    });
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
